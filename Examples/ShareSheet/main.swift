import Foundation
import TransferKit

// What each share target gets when an app shares "image + hashtag text", and "video + text":
// the per-receiver switch of the iOS 17.5 measurements, as data.
//
//   swift run ShareSheetExample

let imagePost = Post(photo: Photo(file: URL(fileURLWithPath: "/tmp/sunset.png")), text: "#sunset #sea")
let videoPost = Post(clip: Clip(file: URL(fileURLWithPath: "/tmp/waves.mp4")), text: "#waves")

for (title, post) in [("Image + text", imagePost), ("Video + text", videoPost)] {
    print("== \(title)")
    for receiver in ReceiverProfile.builtIn {
        print(Negotiator().plan(post.shareItems, for: receiver))
    }
    print("")
}
