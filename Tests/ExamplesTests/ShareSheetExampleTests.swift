import Foundation
import Testing
import TransferKit

@testable import ShareSheetExample

@Suite("The share-sheet example")
struct ShareSheetExampleTests {
    let post = Post(photo: ShareSheetExample.Photo(file: URL(fileURLWithPath: "/tmp/p.png")), text: "#tag")

    @Test(arguments: [
        ("X", TransferPayloadForm.file, true),
        ("Bluesky", .value, false),
        ("Mastodon", .data, true),
        ("Threads", .value, false),
        ("Instagram", .file, false),
        ("Photos", .file, false),
    ])
    func eachReceiverGetsWhatWorks(_ name: String, _ form: TransferPayloadForm, _ keepsText: Bool) throws {
        let plan = Negotiator().plan(post.shareItems, for: try ReceiverProfile.named(name))
        #expect(plan.isOffered)
        #expect(plan.items[0].delivered?.offer.form == form)
        #expect(plan.items[1].isDropped == !keepsText)
        if !keepsText { #expect(plan.items[1].reason != nil) }
    }

    @Test func theExampleRunsAndPrintsEveryPlan() throws {
        let (status, output) = try runExample("ShareSheetExample")
        #expect(status == 0)
        #expect(output.contains("Bluesky: offered\n  photo: delivered as public.png (value)"))
        #expect(output.contains("Bluesky: not offered"))
        #expect(output.contains("Threads: offered\n  video: dropped"))
    }
}
