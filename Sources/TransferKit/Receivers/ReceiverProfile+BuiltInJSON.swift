// The built-in receiver profiles, in the JSON format of `ReceiverProfile.load(contentsOf:)`
// ("Receiver profiles" article): compiled into the library, so that a `transfer` binary copied
// anywhere, without a resource bundle beside it, still has them. One literal per receiver; edit
// them here.

extension ReceiverProfile {
    /// The JSON of each built-in profile, in the order of ``builtIn``.
    static let builtInJSON: [(name: String, json: String)] = [
        (
            "Photos",
            #"""
            {
              "name": "Photos",
              "identifier": "com.apple.UIKit.activity.SaveToCameraRoll",
              "aliases": ["com.apple.mobileslideshow.*", "save to camera roll"],
              "platform": "iOS",
              "appVersion": "17.5",
              "evidence": [
                { "date": "2024", "source": "Share-sheet measurements on iOS 17.5 (blog post, 2024), summarised in TransferKit issue #4", "note": "image as file URL + text: saved, text ignored; image object + text: saved; video file URL + text: saved; image + video + text together: saved" }
              ],
              "activation": {
                "accepts": [
                  { "type": "public.image" },
                  { "type": "public.movie", "forms": ["file"] },
                  { "type": "public.text" }
                ],
                "itemMatching": "any"
              },
              "consumption": {
                "readings": [
                  { "kind": "text", "outcome": "ignored", "note": "saving to the camera roll keeps images and videos only" }
                ]
              }
            }
            """#
        ),
        (
            "X",
            #"""
            {
              "name": "X",
              "identifier": "com.atebits.Tweetie2.ShareExtension",
              "aliases": ["com.atebits.Tweetie2.*", "com.apple.UIKit.activity.PostToTwitter", "twitter"],
              "platform": "iOS",
              "appVersion": "10.50",
              "evidence": [
                { "date": "2024", "source": "Share-sheet measurements on iOS 17.5 (blog post, 2024), summarised in TransferKit issue #4", "note": "image as file URL + text, image object + text, announced image sent as file URL + text, video file URL + text: all posted; with image + video + text the image is dropped" },
                { "date": "2025", "source": "https://github.com/LeoNatan/LNExtensionExecutor/issues/7", "note": "the extension sometimes reports the legacy activity type com.apple.UIKit.activity.PostToTwitter" }
              ],
              "activation": {
                "accepts": [
                  { "type": "public.text" },
                  { "type": "public.url" },
                  { "type": "public.image" },
                  { "type": "public.movie", "forms": ["file"] }
                ]
              },
              "consumption": {
                "crossItemRules": [
                  { "with": "movie", "affects": "image", "effect": "dropped", "note": "with an image, a video and text, the image is dropped" }
                ]
              }
            }
            """#
        ),
        (
            "Bluesky",
            #"""
            {
              "name": "Bluesky",
              "identifier": "xyz.blueskyweb.app.Share-with-Bluesky",
              "aliases": ["xyz.blueskyweb.app.*"],
              "platform": "iOS",
              "appVersion": "1.88.0",
              "evidence": [
                { "date": "2024", "source": "Share-sheet measurements on iOS 17.5 (blog post, 2024), summarised in TransferKit issue #4", "note": "image as file URL + text: the file path shown as text; image object + text: the share extension crashes; image object without text: posted; video: not offered" },
                { "date": "2024", "source": "bluesky-social/social-app modules/Share-with-Bluesky/ShareViewController.swift (commit d0114352)", "note": "reads only the first attachment, in the order text → URL → image → movie; text first drops the images; a file URL whose extension is not a known image or video is posted as text; images load as URL or UIImage only; at most 4 images are taken" },
                { "date": "2024", "source": "bluesky-social/social-app modules/Share-with-Bluesky/Info.plist", "note": "declares SupportsText, WebURLWithMaxCount 1, ImageWithMaxCount 10, MovieWithMaxCount 1 (movies were not offered in the measurements)" },
                { "date": "2025", "source": "https://github.com/bluesky-social/social-app/issues/11121", "note": "an image shared as Data makes the share sheet close at once" },
                { "date": "2024", "source": "https://github.com/bluesky-social/social-app/issues/5051", "note": "text + URL + file lands as a file path with the text dropped" }
              ],
              "activation": {
                "accepts": [
                  { "type": "public.text" },
                  { "type": "public.url" },
                  { "type": "public.image" }
                ],
                "maxCounts": { "image": 10, "url": 1 },
                "itemMatching": "all"
              },
              "consumption": {
                "reads": "firstItemOnly",
                "precedence": ["text", "url", "image", "movie"],
                "readings": [
                  { "kind": "image", "form": "file", "outcome": "showsPath", "note": "a file URL is read as a URL, and its path posted as text" },
                  { "kind": "image", "form": "data", "outcome": "fails", "note": "images load as URL or UIImage only: raw data makes the extension close (#11121)" }
                ],
                "crossItemRules": [
                  { "with": "image", "affects": "text", "effect": "fails", "note": "an image object with text crashes the share extension; text first would drop the image" }
                ],
                "maxTaken": { "image": 4 }
              }
            }
            """#
        ),
        (
            "Mastodon",
            #"""
            {
              "name": "Mastodon",
              "identifier": "org.joinmastodon.app.ShareActionExtension",
              "aliases": ["org.joinmastodon.app.*"],
              "platform": "iOS",
              "appVersion": "2024.7",
              "evidence": [
                { "date": "2024", "source": "Share-sheet measurements on iOS 17.5 (blog post, 2024), summarised in TransferKit issue #4", "note": "image as file URL + text: image shown and its file path in the text; image object + text: image not shown; announced image sent as data + text: works; video file URL + text: video shown and its file path in the text" },
                { "date": "2024", "source": "mastodon/mastodon-ios ShareActionExtension/Scene/ShareViewModel.swift", "note": "joins the first plain text and the first URL into the post body; attaches images separately" },
                { "date": "2023", "source": "https://github.com/mastodon/mastodon-ios/issues/830", "note": "a file URL also conforms to public.url, so its path is added to the post" },
                { "date": "2023", "source": "https://github.com/mastodon/mastodon-ios/issues/829", "note": "a UIImage provider is not picked up" },
                { "date": "2024", "source": "mastodon/mastodon-ios ShareActionExtension/Info.plist", "note": "declares text, 1 web URL, 4 images, 1 movie" }
              ],
              "activation": {
                "accepts": [
                  { "type": "public.text" },
                  { "type": "public.url" },
                  { "type": "public.image" },
                  { "type": "public.movie", "forms": ["file"] }
                ],
                "maxCounts": { "image": 4, "movie": 1, "url": 1 }
              },
              "consumption": {
                "readings": [
                  { "kind": "image", "form": "file", "outcome": "addsPathToText", "note": "a file URL is also read as the post's URL" },
                  { "kind": "image", "form": "value", "outcome": "ignored", "note": "an in-memory image is not picked up (#829)" },
                  { "kind": "movie", "form": "file", "outcome": "addsPathToText", "note": "a file URL is also read as the post's URL" }
                ]
              }
            }
            """#
        ),
        (
            "Threads",
            #"""
            {
              "name": "Threads",
              "identifier": "com.burbn.barcelona.ShareExtension",
              "aliases": ["burbn.barcelona.ShareExtension", "com.burbn.barcelona.*"],
              "platform": "iOS",
              "appVersion": "340.0",
              "evidence": [
                { "date": "2024", "source": "Share-sheet measurements on iOS 17.5 (blog post, 2024), summarised in TransferKit issue #4", "note": "image as file URL + text: the file path shown; image object + text: image posted, text dropped; video file URL + text: video ignored" },
                { "date": "2024", "source": "https://github.com/MacMagazine/app-iOS/issues/237", "note": "handles one content type: text + URL gives only the text" }
              ],
              "activation": {
                "accepts": [
                  { "type": "public.text" },
                  { "type": "public.url" },
                  { "type": "public.image" },
                  { "type": "public.movie" }
                ]
              },
              "consumption": {
                "readings": [
                  { "kind": "image", "form": "file", "outcome": "showsPath", "note": "a file URL is shown as its path" },
                  { "kind": "movie", "outcome": "ignored", "note": "shared videos are ignored" }
                ],
                "crossItemRules": [
                  { "with": "image", "affects": "text", "effect": "dropped", "note": "one content kind per share: the text is dropped" }
                ]
              }
            }
            """#
        ),
        (
            "Instagram",
            #"""
            {
              "name": "Instagram",
              "identifier": "com.burbn.instagram.shareextension",
              "aliases": ["com.instagram.shareextension", "com.instagram.exclusivegram", "com.burbn.instagram.*", "com.facebook.instagram*.shareextension"],
              "platform": "iOS",
              "appVersion": "340.0",
              "evidence": [
                { "date": "2024", "source": "Share-sheet measurements on iOS 17.5 (blog post, 2024), summarised in TransferKit issue #4", "note": "image as file URL + text, image object + text, video + text: error dialog (only one photo or video may be shared from other apps); announced image sent as file URL without text, and video without text: work" },
                { "date": "2015", "source": "Instagram, \"Removing pre-filled captions from mobile sharing\" (cited in https://github.com/watzak/react-native-instagram-share/issues/1)", "note": "captions from other apps are not taken" }
              ],
              "activation": {
                "accepts": [
                  { "type": "public.image" },
                  { "type": "public.movie", "forms": ["file"] },
                  { "type": "public.text" }
                ],
                "maxCounts": { "image": 1, "movie": 1 }
              },
              "consumption": {
                "crossItemRules": [
                  { "with": "image", "affects": "text", "effect": "fails", "note": "an error dialog: only one photo or video may be shared from other apps" },
                  { "with": "movie", "affects": "text", "effect": "fails", "note": "an error dialog: only one photo or video may be shared from other apps" }
                ]
              }
            }
            """#
        ),
    ]
}
