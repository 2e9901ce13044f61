import Foundation
import Testing
import TransferKit

/// The post of the share-sheet measurements: an image file and hashtag text.
struct ScenarioPhoto: Transferable {
    let file: URL
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .png) { SentTransferredFile($0.file) }
    }
}

struct ScenarioVideo: Transferable {
    let file: URL
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .mpeg4Movie) { SentTransferredFile($0.file) }
    }
}

let imagePost = [
    ShareItem(ScenarioPhoto(file: URL(fileURLWithPath: "/tmp/sunset.png")), label: "photo"),
    ShareItem("#sunset #sea", label: "text"),
]
let videoPost = [
    ShareItem(ScenarioVideo(file: URL(fileURLWithPath: "/tmp/waves.mp4")), label: "video"),
    ShareItem("#waves", label: "text"),
]

func plan(_ share: [ShareItem], _ receiver: String) throws -> SharePlan {
    Negotiator().plan(share, for: try ReceiverProfile.named(receiver))
}

@Suite("The share-sheet scenario against every built-in profile")
struct ShareScenarioTests {
    @Test func builtInProfilesLoadWithTheirEvidence() {
        #expect(ReceiverProfile.builtIn.map(\.name) == ["Photos", "X", "Bluesky", "Mastodon", "Threads", "Instagram"])
        for profile in ReceiverProfile.builtIn {
            #expect(!profile.evidence.isEmpty, "\(profile.name)")
            #expect(profile.appVersion != nil, "\(profile.name)")
            #expect(profile.evidence.allSatisfy { !$0.date.isEmpty && !$0.source.isEmpty })
        }
    }

    @Test func receiversAreFoundByActivityTypeAndAlias() throws {
        #expect(try ReceiverProfile.named("xyz.blueskyweb.app.Share-with-Bluesky").name == "Bluesky")
        #expect(try ReceiverProfile.named("com.burbn.barcelona.ShareExtension").name == "Threads")
        #expect(try ReceiverProfile.named("burbn.barcelona.ShareExtension").name == "Threads")
        #expect(try ReceiverProfile.named("com.instagram.exclusivegram").name == "Instagram")
        #expect(try ReceiverProfile.named("com.burbn.instagram.shareextension").name == "Instagram")
        #expect(try ReceiverProfile.named("org.joinmastodon.app.ShareActionExtension").name == "Mastodon")
        #expect(try ReceiverProfile.named("com.apple.UIKit.activity.PostToTwitter").name == "X")
        #expect(try ReceiverProfile.named("MASTODON").name == "Mastodon")
        #expect(throws: ReceiverDeclarationError.self) { try ReceiverProfile.named("com.example.unknown") }
    }

    @Test func xGetsTheFileURLAndTheText() throws {
        let plan = try plan(imagePost, "X")
        #expect(plan.isOffered)
        #expect(plan.items[0].delivered?.offer.form == .file)
        #expect(plan.items[0].delivered?.offer.contentType == .png)
        #expect(plan.items[1].delivered != nil)
        #expect(!plan.items[1].isDropped)
    }

    @Test func blueskyGetsTheImageObjectAndTheTextIsDropped() throws {
        let plan = try plan(imagePost, "Bluesky")
        #expect(plan.isOffered)
        #expect(plan.items[0].delivered?.offer.form == .value)
        #expect(plan.items[1].isDropped)
        #expect(plan.items[1].reason?.contains("fails when text comes with an image") == true)
        // Why not the file URL or the data: both rejections are in the trace.
        let rejections = plan.items[0].negotiation.rejections.map(\.description)
        #expect(rejections.contains { $0.contains("as file") && $0.contains("showsPath") })
        #expect(rejections.contains { $0.contains("as data") && $0.contains("fails") })
    }

    @Test func mastodonGetsTheImageAsDataAndTheText() throws {
        let plan = try plan(imagePost, "Mastodon")
        #expect(plan.items[0].delivered?.offer.form == .data)
        #expect(plan.items[1].delivered != nil)
        #expect(!plan.items[1].isDropped)
        // The file URL would work but add its path to the text; the image object is not picked up.
        let candidates = plan.items[0].negotiation.candidates
        #expect(candidates.map(\.offer.form) == [.data, .file])
        #expect(candidates[1].outcome == .addsPathToText)
        #expect(plan.items[0].negotiation.rejections.contains { $0.offer.form == .value })
    }

    @Test func threadsGetsTheImageObjectAndDropsTheText() throws {
        let plan = try plan(imagePost, "Threads")
        #expect(plan.items[0].delivered?.offer.form == .value)
        #expect(plan.items[1].isDropped)
        #expect(plan.items[1].reason?.contains("Threads drops text") == true)
    }

    @Test func instagramGetsTheImageAndTheTextIsLeftOut() throws {
        let plan = try plan(imagePost, "Instagram")
        #expect(plan.isOffered)
        #expect(plan.items[0].delivered?.offer.form == .file)
        #expect(plan.items[1].isDropped)
        #expect(plan.items[1].reason?.contains("left out") == true)
    }

    @Test func photosSavesTheImage() throws {
        let plan = try plan(imagePost, "Photos")
        #expect(plan.items[0].delivered?.offer.contentType == .png)
        #expect(plan.items[1].isDropped)
        #expect(plan.items[1].reason?.contains("ignored") == true)
    }

    @Test func blueskyIsNotOfferedForAVideo() throws {
        let plan = try plan(videoPost, "Bluesky")
        #expect(!plan.isOffered)
        #expect(plan.items.allSatisfy { $0.isDropped })
        let activation = plan.activation.joined(separator: "\n")
        #expect(activation.contains("video (movie) matches no accept rule"))
    }

    @Test func threadsIgnoresTheVideo() throws {
        let plan = try plan(videoPost, "Threads")
        #expect(plan.isOffered)
        #expect(plan.items[0].isDropped)
        #expect(plan.items[0].reason?.contains("ignored") == true)
        #expect(!plan.items[1].isDropped)
    }

    @Test func mastodonShowsTheVideoAndAddsItsPathToTheText() throws {
        let plan = try plan(videoPost, "Mastodon")
        #expect(plan.items[0].delivered?.offer.form == .file)
        guard case .transformed(_, let reason) = plan.items[1].outcome else {
            Issue.record("expected the text to be transformed")
            return
        }
        #expect(reason.code == .addsPathToText)
        #expect(reason.description.contains("file path of video"))
    }

    @Test func xDropsTheImageWhenAVideoComesToo() throws {
        let share = [imagePost[0], videoPost[0], imagePost[1]]
        let plan = try plan(share, "X")
        #expect(plan.items[0].isDropped)
        #expect(!plan.items[1].isDropped)
        #expect(!plan.items[2].isDropped)
    }

    @Test func theHandWrittenSwitchBecomesData() throws {
        // The sender's old per-receiver switch: image object for Bluesky and Threads, data for
        // Mastodon, file URL otherwise; no text for Bluesky and Instagram.
        let expected: [String: (form: TransferPayloadForm, text: Bool)] = [
            "xyz.blueskyweb.app.Share-with-Bluesky": (.value, false),
            "com.burbn.barcelona.ShareExtension": (.value, false),
            "org.joinmastodon.app.ShareActionExtension": (.data, true),
            "com.burbn.instagram.shareextension": (.file, false),
            "com.atebits.Tweetie2.ShareExtension": (.file, true),
        ]
        for (activityType, expectation) in expected {
            let plan = try plan(imagePost, activityType)
            #expect(plan.items[0].delivered?.offer.form == expectation.form, "\(activityType)")
            #expect(!plan.items[1].isDropped == expectation.text, "\(activityType)")
        }
    }
}
