import Foundation
import Testing
import TransferKit

@Suite("Receiver declarations")
struct ReceiverDeclarationTests {
    // MARK: HTTP Accept

    @Test func acceptHeaderMapsRangesOntoTheTree() throws {
        let parsed = try ReceiverProfile.parse(acceptHeader: "image/*;q=0.8, text/html, video/*, */*;q=0.1")
        let rules = parsed.profile.activation.accepts
        #expect(rules.map(\.contentType) == [.image, .html, .movie, .item])
        #expect(
            rules.map(\.pattern) == [
                .mediaRange(.anyImage), .mediaRange(.html), .mediaRange(.anyVideo), .any,
            ])
        #expect(rules.map(\.weight) == [0.8, 1, 1, 0.1])
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func malformedRangesAreDroppedAndTheRestKept() throws {
        let parsed = try ReceiverProfile.parse(
            acceptHeader:
                #"text/html;q=2, nonsense, image/png;q=0.5, */json, chemical/*, text/plain;q=0.1234, text/x;a="open, ,"#
        )
        // A top-level type the tree has no family for is still a range of MIME types.
        #expect(
            parsed.profile.activation.accepts.map(\.pattern) == [
                .mediaRange(.png), .mediaRange(MediaType("chemical/*")!),
            ])
        let entries = parsed.diagnostics.map(\.entry)
        #expect(entries == ["text/html;q=2", "nonsense", "*/json", "text/plain;q=0.1234", #"text/x;a="open, ,"#])
        #expect(parsed.diagnostics.last?.reason.contains("expected a closing quote") == true)
        #expect(parsed.diagnostics[0].reason.contains("expected a weight q from 0 to 1"))
        #expect(throws: ReceiverDeclarationError.self) { try ReceiverProfile.parse(acceptHeader: "garbage") }
        #expect(throws: ReceiverDeclarationError.self) { try ReceiverProfile.parse(acceptHeader: "") }
    }

    @Test("a diagnostic names the whole character it found; what a member repeats is read first-wins, with a warning")
    func acceptDiagnosticsNameWhatTheyFound() throws {
        let parsed = try ReceiverProfile.parse(
            acceptHeader:
                "\u{FEFF}text/html, text/plain;q=0.5;q=0.3, text/é, image/png;q=0.5;ext=1, text/html;level=1;LEVEL=2")
        #expect(
            parsed.profile.activation.accepts.map(\.pattern) == [
                .mediaRange(.plainText), .mediaRange(.png), .mediaRange(.html),
            ])
        #expect(parsed.profile.activation.accepts.map(\.weight) == [0.5, 0.5, 1])
        #expect(parsed.profile.activation.accepts.last?.parameters == ["level": "1"])
        #expect(
            parsed.diagnostics.map(\.reason) == [
                "expected a media type type/subtype, found '\u{FEFF}' (U+FEFF)",
                "the weight q is given twice; the first, 0.5, is used",
                "expected a subtype after 'text/', found 'é' (U+00E9)",
                "the parameter 'level' is given twice; the first value, '1', is used",
            ])
        // A header whose only member repeats a parameter is read, not refused.
        let single = try ReceiverProfile.parse(acceptHeader: "text/html;level=1;level=2")
        #expect(single.profile.activation.accepts.map(\.parameters) == [["level": "1"]])
        #expect(single.diagnostics.count == 1)
    }

    @Test func quotedParametersAndAcceptExtensions() throws {
        let parsed = try ReceiverProfile.parse(acceptHeader: #"text/plain;charset="utf-8";q=0.5;ext=1, text/*"#)
        let rule = parsed.profile.activation.accepts[0]
        #expect(rule.parameters == ["charset": "utf-8"])
        #expect(rule.weight == 0.5)
    }

    // MARK: NSExtensionActivationRule

    /// Bluesky's share extension, as declared in its Info.plist.
    func blueskyInfoPlist(format: PropertyListSerialization.PropertyListFormat = .xml) throws -> Data {
        let plist: [String: Any] = [
            "CFBundleIdentifier": "xyz.blueskyweb.app.Share-with-Bluesky",
            "CFBundleDisplayName": "Bluesky",
            "NSExtension": [
                "NSExtensionPointIdentifier": "com.apple.share-services",
                "NSExtensionAttributes": [
                    "NSExtensionActivationRule": [
                        "NSExtensionActivationSupportsText": true,
                        "NSExtensionActivationSupportsWebURLWithMaxCount": 1,
                        "NSExtensionActivationSupportsImageWithMaxCount": 10,
                        "NSExtensionActivationSupportsMovieWithMaxCount": 1,
                    ]
                ],
            ],
        ]
        return try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
    }

    @Test func binaryInfoPlistReadsAsTheXMLOne() throws {
        let xml = try ReceiverProfile.parse(infoPlist: blueskyInfoPlist())
        let binary = try ReceiverProfile.parse(infoPlist: blueskyInfoPlist(format: .binary))
        #expect(binary.profile == xml.profile)
        #expect(binary.profile.activation.maxCounts == [.image: 10, .movie: 1, .url: 1])
        // The predicate form, as a string in the property list.
        let predicate = try PropertyListSerialization.data(
            fromPropertyList: [
                "CFBundleIdentifier": "p",
                "NSExtension": ["NSExtensionAttributes": ["NSExtensionActivationRule": "TRUEPREDICATE"]],
            ], format: .binary, options: 0)
        #expect(
            try ReceiverProfile.parse(infoPlist: predicate).profile.activation.accepts.first?.isWildcard == true)
    }

    @Test func dictionaryFormFromInfoPlist() throws {
        let parsed = try ReceiverProfile.parse(infoPlist: blueskyInfoPlist())
        let profile = parsed.profile
        #expect(profile.name == "Bluesky")
        #expect(profile.identifier == "xyz.blueskyweb.app.Share-with-Bluesky")
        #expect(Set(profile.activation.accepts.compactMap(\.contentType)) == [.text, .image, .movie, .url])
        #expect(profile.activation.maxCounts == [.image: 10, .movie: 1, .url: 1])
        #expect(profile.activation.itemMatching == .all)
        // Declared acceptance offers the video that the measured profile does not.
        let plan = Negotiator().plan([ShareItem(ScenarioVideo(file: URL(fileURLWithPath: "/tmp/v.mp4")))], for: profile)
        #expect(plan.isOffered)
    }

    @Test func dictionaryFormVersionTwoMatchesAnyItemAndBadValuesAreReported() throws {
        let parsed = try ReceiverProfile.parse(
            activationRule: [
                "NSExtensionActivationDictionaryVersion": 2,
                "NSExtensionActivationSupportsImageWithMaxCount": "four",
                "NSExtensionActivationSupportsFileWithMaxCount": 3,
                "NSExtensionActivationSupportsAttachmentsWithMaxCount": 5,
                "NSExtensionActivationSupportsMystery": true,
            ] as [String: Any],
            name: "Files", identifier: "com.example.files")
        #expect(parsed.profile.activation.itemMatching == .any)
        #expect(parsed.profile.activation.accepts.filter { $0.weight > 0 }.map(\.contentType) == [.data])
        // Text and links are not files: without their own keys, the File key does not take them.
        #expect(parsed.profile.activation.accepts.filter { $0.weight == 0 }.map(\.contentType) == [.text, .url])
        #expect(parsed.profile.activation.maxAttachments == 5)
        #expect(
            parsed.diagnostics.map(\.entry).sorted() == [
                "NSExtensionActivationSupportsImageWithMaxCount", "NSExtensionActivationSupportsMystery",
            ])
    }

    @Test func predicateFormEveryAttachmentAnImage() throws {
        let predicate = """
            SUBQUERY(extensionItems, $extensionItem,
              SUBQUERY($extensionItem.attachments, $attachment,
                ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
              ).@count == $extensionItem.attachments.@count
            ).@count == 1
            """
        let parsed = try ReceiverProfile.parse(
            activationRule: predicate, name: "Images", identifier: "com.example.images")
        #expect(parsed.profile.activation.accepts.map(\.contentType) == [.image])
        #expect(parsed.profile.activation.itemMatching == .all)
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func predicateFormAlternativesCountsAndExclusions() throws {
        let predicate = """
            SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a,
              ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count <= 2
              OR SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url").@count == 1
              AND NOT (ANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO "public.movie")
            ).@count >= 1
            """
        let profile = try ReceiverProfile.parse(activationRulePredicate: predicate, name: "P", identifier: "p")
            .profile
        #expect(profile.activation.accepts.map(\.contentType) == [.image, .url, .movie])
        #expect(profile.activation.accepts.map(\.weight) == [1, 1, 0])
        #expect(profile.activation.maxCounts == [.image: 2, .url: 1])
        #expect(profile.activation.itemMatching == .any)
        #expect(Negotiator().negotiate([Offer(.mpeg4Movie, form: .file)], with: profile).best == nil)
    }

    @Test("a comparison is negated by the nearest NOT before it, whichever way it is written")
    func predicateNegationIsTheNearest() throws {
        let predicate = """
            NOT (ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.movie")
              OR !(ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.audio")
              OR ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
              AND not(ANY $a.registeredTypeIdentifiers UTI-EQUALS "public.png")
            """
        let profile = try ReceiverProfile.parse(activationRulePredicate: predicate, name: "P", identifier: "p")
            .profile
        #expect(profile.activation.accepts.map(\.contentType) == [.movie, .audio, .image, .png])
        #expect(profile.activation.accepts.map(\.weight) == [0, 0, 1, 0])
    }

    @Test("keywords are ASCII and case-insensitive, whatever else the predicate holds and however its lines end")
    func predicateKeywordsFoldASCIIOnly() throws {
        // `ß` upper-cases to two letters: the whole predicate must not become case-sensitive.
        let lowercase = [
            #"subquery(extensionItems, $e, subquery($e.attachments, $a, any $a.registeredTypeIdentifiers"#,
            #"uti-conforms-to "public.image" and $a.name != "Straße").@count <= 3 and not"#,
            #"(any $e.attachments.registeredTypeIdentifiers uti-equals "com.compuserve.gif")).@count >= 1"#,
        ]
        for separator in ["\n", "\r\n", "\t"] {
            let profile = try ReceiverProfile.parse(
                activationRulePredicate: lowercase.joined(separator: separator), name: "P", identifier: "p"
            ).profile
            #expect(profile.activation.accepts.map(\.contentType) == [.image, .gif])
            #expect(profile.activation.accepts.map(\.weight) == [1, 0])
            #expect(profile.activation.maxCounts == [.image: 3])
        }
        // A dotless `ı` upper-cases to `I`, but `utı-equals` is not a keyword.
        let dotless =
            #"ANY $a.registeredTypeIdentifiers UTı-EQUALS "public.movie" OR "#
            + #"ANY $a.registeredTypeIdentifiers UTI-EQUALS "public.audio""#
        let profile = try ReceiverProfile.parse(activationRulePredicate: dotless, name: "P", identifier: "p").profile
        #expect(profile.activation.accepts.map(\.contentType) == [.audio])
        // A count too large for a machine integer is no maximum, not a crash.
        let huge = try ReceiverProfile.parse(
            activationRulePredicate: #"SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers "#
                + #"UTI-CONFORMS-TO "public.image").@count <= 99999999999999999999999"#,
            name: "P", identifier: "p")
        #expect(huge.profile.activation.maxCounts.isEmpty)
    }

    @Test func truePredicateAcceptsEverything() throws {
        let profile = try ReceiverProfile.parse(
            activationRulePredicate: "TRUEPREDICATE", name: "Any", identifier: "any"
        )
        .profile
        #expect(profile.activation.accepts.first?.isWildcard == true)
    }

    @Test("An activation rule's bytes: JSON or a property list, a dictionary or a predicate")
    func activationRuleBytes() throws {
        let json = #"{"NSExtensionActivationSupportsImageWithMaxCount": 2, "NSExtensionActivationSupportsText": true}"#
        let fromJSON = try ReceiverProfile.parse(activationRule: Data(json.utf8), name: "J", identifier: "j")
        #expect(fromJSON.profile.activation.maxCounts[.image] == 2)
        let plist = try PropertyListSerialization.data(
            fromPropertyList: [
                "NSExtensionActivationSupportsImageWithMaxCount": 2, "NSExtensionActivationSupportsText": true,
            ],
            format: .xml, options: 0)
        let fromPlist = try ReceiverProfile.parse(activationRule: plist, name: "P", identifier: "p")
        #expect(fromPlist.profile.activation == fromJSON.profile.activation)
        let predicate = try ReceiverProfile.parse(
            activationRule: Data(#""TRUEPREDICATE""#.utf8), name: "T", identifier: "t")
        #expect(predicate.profile.activation.accepts.count == 1)
    }

    @Test func malformedActivationRulesThrow() {
        #expect(throws: ReceiverDeclarationError.self) {
            try ReceiverProfile.parse(
                activationRulePredicate: "SUBQUERY(extensionItems, $e, $e.foo == 1).@count == 1", name: "x",
                identifier: "x")
        }
        // A rule that is neither a dictionary nor a string, and bytes that are neither JSON nor a plist.
        let number = #expect(throws: ReceiverDeclarationError.self) {
            try ReceiverProfile.parse(
                activationRule: PropertyListSerialization.data(fromPropertyList: 42, format: .xml, options: 0),
                name: "x", identifier: "x")
        }
        #expect(number?.description.contains("expected a dictionary or a predicate string, found") == true)
        let garbage = #expect(throws: ReceiverDeclarationError.self) {
            try ReceiverProfile.parse(activationRule: Data("{\"a\": ".utf8), name: "x", identifier: "x")
        }
        #expect(garbage?.description.contains("is not valid JSON") == true)
        #expect(throws: ReceiverDeclarationError.self) {
            try ReceiverProfile.parse(infoPlist: Data("not a plist".utf8))
        }
        #expect(throws: ReceiverDeclarationError.self) {
            try ReceiverProfile.parse(
                infoPlist: PropertyListSerialization.data(
                    fromPropertyList: ["CFBundleIdentifier": "x"], format: .xml, options: 0))
        }
    }

    // MARK: Android

    let manifest = """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.joinmastodon.android">
          <application>
            <activity android:name=".MainActivity">
              <intent-filter>
                <action android:name="android.intent.action.MAIN"/>
              </intent-filter>
            </activity>
            <activity android:name=".ShareActivity">
              <intent-filter>
                <action android:name="android.intent.action.SEND"/>
                <category android:name="android.intent.category.DEFAULT"/>
                <data android:mimeType="image/*"/>
                <data android:mimeType="text/plain"/>
                <data android:mimeType="notamime"/>
                <data/>
              </intent-filter>
              <intent-filter>
                <action android:name="android.intent.action.SEND_MULTIPLE"/>
                <data android:mimeType="image/*"/>
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """

    @Test func androidIntentFilters() throws {
        let parsed = try ReceiverProfile.parse(androidManifest: Data(manifest.utf8))
        #expect(parsed.count == 1)
        let profile = parsed[0].profile
        #expect(profile.identifier == "org.joinmastodon.android/org.joinmastodon.android.ShareActivity")
        #expect(profile.name == "org.joinmastodon.android (ShareActivity)")
        #expect(profile.matches(".ShareActivity") && profile.matches("ShareActivity"))
        #expect(profile.platform == "Android")
        // The filters' types, then a link as EXTRA_TEXT (text/plain is declared already).
        #expect(profile.activation.accepts.map(\.contentType) == [.image, .plainText, .url])
        // Each filter kept on its own: SEND takes images and text, SEND_MULTIPLE only images, and
        // that one lacks the DEFAULT category, so Android never resolves it.
        let filters = try #require(profile.activation.intentFilters)
        #expect(filters.map(\.actions) == [[IntentFilter.send], [IntentFilter.sendMultiple]])
        #expect(filters.map(\.categories) == [[IntentFilter.defaultCategory], []])
        #expect(parsed[0].diagnostics.count == 2)
        #expect(parsed[0].diagnostics.contains { $0.entry == "notamime" })
    }

    @Test func androidWithoutShareTargetsOrMalformedXMLThrows() {
        #expect(throws: ReceiverDeclarationError.self) {
            try ReceiverProfile.parse(
                androidManifest: Data("<manifest package=\"a\"><application/></manifest>".utf8))
        }
        #expect(throws: ReceiverDeclarationError.self) {
            try ReceiverProfile.parse(androidManifest: Data("<manifest><activity>".utf8))
        }
    }

    /// Found by `Scripts/fuzz.sh declarations`: Foundation's `XMLParser` trapped on an element name
    /// that is not UTF-8 and crashed on a processing instruction without data. Manifests are now read
    /// by TransferKit's own reader, which refuses both with the line.
    @Test(arguments: [
        (
            Data(#"<manifest>"#.utf8) + Data([0x0A, 0x3C, 0x61, 0xFF, 0xFF, 0x3E]) + Data("</a></manifest>".utf8),
            "line 2", "is not well-formed XML: expected UTF-8 text, found the byte 0xFF (byte 13)"
        ),
        (
            Data(#"<mi9<?xmz$n="10"?>"#.utf8), "line 1",
            "is not well-formed XML: expected white space, '>' or '/>' after <mi9, found '<'"
        ),
        (
            Data("<manifest><?pi?></manifest".utf8), "line 1",
            "is not well-formed XML: expected '>' after the name of an end tag, found the end of the input"
        ),
    ])
    func androidManifestsThatCrashedFoundationsParserAreRefused(manifest: Data, entry: String, reason: String) {
        #expect {
            try ReceiverProfile.parse(androidManifest: manifest)
        } throws: { error in
            (error as? ReceiverDeclarationError)?.diagnostics == [.init(entry: entry, reason: reason)]
        }
    }

    @Test func androidManifestXMLIsCheckedForWellFormedness() {
        func reason(_ xml: String) -> String? {
            do {
                _ = try ReceiverProfile.parse(androidManifest: Data(xml.utf8))
                return nil
            } catch {
                return error.diagnostics.first.map { "\($0.entry): \($0.reason)" }
            }
        }
        #expect(
            reason("<manifest><activity></manifest>")
                == "line 1: is not well-formed XML: expected </activity>, found </manifest>")
        #expect(
            reason("<manifest>\n<activity>")
                == "line 2: is not well-formed XML: expected </activity>, found the end of the input")
        #expect(
            reason("<manifest a='1' a='2'/>")
                == "line 1: is not well-formed XML: expected each attribute once, found a twice in <manifest>")
        #expect(reason("<manifest a=1/>") == "line 1: is not well-formed XML: expected a quoted value for a, found '1'")
        #expect(
            reason("<manifest a='&bogus;'/>")
                == "line 1: is not well-formed XML: expected &amp;, &lt;, &gt;, &quot;, &apos; or a character reference in the value of a, found &bogus;"
        )
        #expect(reason("<a/><b/>") == "line 1: is not well-formed XML: expected one root element, found a second: <b>")
        #expect(
            reason("text<a/>")
                == "line 1: is not well-formed XML: expected only white space outside the root element, found text")
        #expect(
            reason("<!-- never closed")
                == "line 1: is not well-formed XML: expected the comment that starts here to end, found the end of the input"
        )
        #expect(reason("") == "line 1: is not well-formed XML: expected a root element, found none")
    }

    @Test func androidManifestWithEverythingXMLAllows() throws {
        // A byte-order mark, the XML declaration, a document type with an internal subset (its entity
        // is not expanded), comments, CDATA, processing instructions, character references, single
        // quotes and line breaks inside tags.
        let xml =
            "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE manifest [ <!ENTITY e \"x>y\"> ]>\n"
            + "<!-- a comment with <tags> -->\n<manifest xmlns:android='http://schemas.android.com/apk/res/android' package='a&amp;b'>\n"
            + "<?tool data?><application><![CDATA[ <not a tag> ]]><activity\n  android:name = \"S&#x31;\" >"
            + "<intent-filter><action android:name=\"android.intent.action.SEND\"/><data android:mimeType=\"image/&#42;\"/>"
            + "</intent-filter></activity></application></manifest>\n<!-- trailing -->\n"
        let parsed = try ReceiverProfile.parse(androidManifest: Data(xml.utf8))
        // A class name without a dot is relative to the package, as Android's build tools read it.
        #expect(parsed.map(\.profile.identifier) == ["a&b/a&b.S1"])
        #expect(parsed.first?.profile.activation.intentFilters?.first?.mimeTypes == ["image/*"])
    }

    @Test func androidWildcardAcceptsAnything() throws {
        let xml = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="p"><application>
            <activity android:name="S"><intent-filter><action android:name="android.intent.action.SEND"/>
            <data android:mimeType="*/*"/></intent-filter></activity></application></manifest>
            """
        let profile = try ReceiverProfile.parse(androidManifest: Data(xml.utf8))[0].profile
        #expect(profile.activation.accepts.first?.isWildcard == true)
        // SEND only, without the DEFAULT category: implicit intents never reach it.
        let photo = ShareItem(ScenarioPhoto(file: URL(fileURLWithPath: "/tmp/p.png")))
        let plan = Negotiator().plan([photo], for: profile)
        #expect(!plan.isOffered)
        #expect(plan.activationTrace.contains { $0.rule == "intent resolution: category test" })
    }

    // MARK: Web Share Target

    @Test func webShareTarget() throws {
        let json = """
            { "name": "Chirp", "share_target": { "action": "/share", "method": "POST", "enctype": "multipart/form-data",
              "params": { "title": "name", "text": "description", "url": "link",
                "files": [ { "name": "images", "accept": ["image/png", ".jpg", "image/*"] },
                           { "name": "bad", "accept": ["nonsense", "*/x"] },
                           { "name": "records", "accept": "text/csv" } ] } } }
            """
        let parsed = try ReceiverProfile.parse(webAppManifest: Data(json.utf8))
        #expect(parsed.profile.name == "Chirp")
        #expect(
            parsed.profile.activation.accepts.map(\.contentType) == [
                .text, .url, .png, .jpeg, .image, .commaSeparatedText,
            ])
        #expect(parsed.profile.activation.itemMatching == .all)
        #expect(
            parsed.diagnostics.map(\.entry) == [
                #"params.files[1].accept "nonsense""#, #"params.files[1].accept "*/x""#, "params.files[1]",
            ])
    }

    @Test func webShareTargetMalformed() {
        #expect(throws: ReceiverDeclarationError.self) { try ReceiverProfile.parse(webAppManifest: Data("{".utf8)) }
        #expect(throws: ReceiverDeclarationError.self) {
            try ReceiverProfile.parse(webAppManifest: Data(#"{"name": "x"}"#.utf8))
        }
        #expect(throws: ReceiverDeclarationError.self) {
            try ReceiverProfile.parse(
                webAppManifest: Data(#"{"share_target": {"params": {"files": [{"accept": "bad"}]}}}"#.utf8))
        }
    }

    // MARK: Profile files

    @Test func profilesRoundTripThroughJSONAndOverrideBuiltIns() throws {
        var custom = try ReceiverProfile.named("Bluesky")
        custom.appVersion = "2.0"
        custom.consumption.crossItemRules = []
        let data = try JSONEncoder().encode([custom])
        let loaded = try ReceiverProfile.load(from: data)
        #expect(loaded == [custom])
        let chosen = try ReceiverProfile.lookup(
            "xyz.blueskyweb.app.Share-with-Bluesky", in: loaded + ReceiverProfile.builtIn)
        #expect(chosen.appVersion == "2.0")
        #expect(!Negotiator().plan(imagePost, for: chosen).items[1].isDropped)
    }

    @Test func malformedProfilesNameWhatIsWrong() {
        #expect {
            try ReceiverProfile.load(
                from: Data(
                    #"{"name": "x", "identifier": "x", "activation": {"accepts": [{"type": "public.png", "q": 3}]}}"#
                        .utf8))
        } throws: { error in
            (error as? ReceiverDeclarationError)?.description.contains("expected a weight from 0 to 1, found 3.0")
                == true
        }
        #expect {
            try ReceiverProfile.load(from: Data(#"{"name": "x", "activation": {"accepts": []}}"#.utf8))
        } throws: { error in
            (error as? ReceiverDeclarationError)?.description.contains("identifier") == true
        }
        #expect(throws: ReceiverDeclarationError.self) { try ReceiverProfile.load(from: Data("nope".utf8)) }
    }

    @Test("an Android filter for text/* or text/plain already takes EXTRA_TEXT; one for images does not")
    func androidExtraText() throws {
        func patterns(_ mimeType: String) throws -> [UTTypeMatcher.Pattern] {
            let manifest = """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.example.notes">
                  <application>
                    <activity android:name=".Share" android:exported="true">
                      <intent-filter>
                        <action android:name="android.intent.action.SEND"/>
                        <category android:name="android.intent.category.DEFAULT"/>
                        <data android:mimeType="\(mimeType)"/>
                      </intent-filter>
                    </activity>
                  </application>
                </manifest>
                """
            return try #require(ReceiverProfile.parse(androidManifest: Data(manifest.utf8)).first).profile.activation
                .accepts.map(\.pattern)
        }
        #expect(try patterns("text/*") == [.mediaRange(.anyText), .type(.url)])
        #expect(try patterns("text/plain") == [.mediaRange(.plainText), .type(.url)])
        #expect(try patterns("image/*") == [.mediaRange(.anyImage), .type(.plainText), .type(.url)])
    }

    @Test("with SupportsText, a file count excludes links but not text: one rule for text, weight 1")
    func fileCountKeepsDeclaredText() throws {
        let json = #"{"NSExtensionActivationSupportsText": true, "NSExtensionActivationSupportsFileWithMaxCount": 3}"#
        let accepts = try ReceiverProfile.parse(activationRule: Data(json.utf8), name: "F", identifier: "f")
            .profile.activation.accepts
        #expect(accepts.filter { $0.pattern == .type(.text) }.map(\.weight) == [1])
        #expect(accepts.filter { $0.pattern == .type(.url) }.map(\.weight) == [0])
        #expect(accepts.filter { $0.pattern == .type(.data) }.map(\.weight) == [1])
    }
}
