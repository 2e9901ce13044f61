import Foundation
import Testing

@Suite("transfer receivers and transfer negotiate")
struct NegotiateCommandTests {
    @Test func listsTheBuiltInReceivers() async {
        let result = await transfer("receivers", "list")
        #expect(result.status == 0)
        let names = result.output.split(separator: "\n").map { $0.split(separator: " ")[0] }
        #expect(names == ["Photos", "X", "Bluesky", "Mastodon", "Threads", "Instagram"])
    }

    @Test func showsAReceiverWithItsEvidence() async throws {
        let result = await transfer("receivers", "show", "org.joinmastodon.app.ShareActionExtension")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Mastodon  org.joinmastodon.app.ShareActionExtension\n"))
        #expect(result.output.contains("reading:     image as value: ignored"))
        #expect(result.output.contains("evidence:    [2023] https://github.com/mastodon/mastodon-ios/issues/830"))
        let json = await transfer("receivers", "show", "Mastodon", "--format", "json")
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["identifier"] as? String == "org.joinmastodon.app.ShareActionExtension")
        #expect(await transfer("receivers", "show", "Nobody").status == 65)
    }

    @Test func printsTheSamePlansAsTheLibrary() async {
        let photo = ["--item", "photo", "--offer", "public.png:file", "--offer", "public.png:value", "--offer", "public.png:data"]
        let text = ["--item", "text", "--offer", "public.utf8-plain-text"]
        let expectations: [(String, String, Bool)] = [
            ("X", "photo: delivered as public.png (file)", true),
            ("Bluesky", "photo: delivered as public.png (value)", false),
            ("Mastodon", "photo: delivered as public.png (data)", true),
            ("Threads", "photo: delivered as public.png (value)", false),
            ("Instagram", "photo: delivered as public.png (file)", false),
            ("Photos", "photo: delivered as public.png (file)", false),
        ]
        for (receiver, photoLine, textDelivered) in expectations {
            let result = await transfer(["negotiate", "--receiver", receiver] + photo + text)
            #expect(result.status == 0, "\(receiver): \(result.error)")
            #expect(result.output.contains(photoLine), "\(receiver)")
            #expect(result.output.contains("text: delivered") == textDelivered, "\(receiver)")
        }
    }

    @Test func adHocAcceptHeaderAndPolicies() async throws {
        let never = await transfer("negotiate", "--accept", "text/html;q=0, */*", "--offer", "text/html", "--offer", "application/json")
        #expect(never.output.contains("item: delivered as public.json (data)"))
        let sender = await transfer("negotiate", "--accept", "text/plain;q=0.5, text/html;q=0.9", "--offer", "text/plain:data", "--offer", "text/html:data")
        #expect(sender.output.contains("item: delivered as public.plain-text (data)"))
        let receiver = await transfer(
            "negotiate", "--accept", "text/plain;q=0.5, text/html;q=0.9", "--offer", "text/plain:data", "--offer", "text/html:data",
            "--policy", "receiver", "--format", "json")
        let object = try JSONSerialization.jsonObject(with: Data(receiver.output.utf8)) as? [String: Any]
        let items = object?["items"] as? [[String: Any]]
        #expect(items?.first?["contentType"] as? String == "public.html")
        #expect(items?.first?["outcome"] as? String == "delivered")
    }

    @Test func receiverFromAFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("app.webmanifest")
        try Data(#"{"name": "Chirp", "share_target": {"params": {"files": [{"name": "f", "accept": ["image/*"]}]}}}"#.utf8).write(to: manifest)
        let result = await transfer("negotiate", "--receiver", manifest.path, "--offer", ".png:file")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Chirp: offered"))
        // A missing file is missing input (66), not an unknown receiver.
        let missing = await transfer("negotiate", "--receiver", directory.appendingPathComponent("none.json").path, "--offer", ".png")
        #expect(missing.status == 66)
    }

    @Test func usageAndDataErrors() async {
        #expect(await transfer("negotiate", "--offer", ".png").status == 64)
        #expect(await transfer("negotiate", "--receiver", "X").status == 64)
        #expect(await transfer("negotiate", "--receiver", "X", "--accept", "*/*", "--offer", ".png").status == 64)
        #expect(await transfer("negotiate", "--receiver", "X", "--offer", ".png:sideways").status == 64)
        #expect(await transfer("negotiate", "--receiver", "X", "--item", "empty").status == 64)
        #expect(await transfer("negotiate", "--receiver", "Nobody", "--offer", ".png").status == 65)
        #expect(await transfer("negotiate", "--accept", "garbage", "--offer", ".png").status == 65)
        #expect(await transfer("negotiate", "--help").output.hasPrefix("USAGE: transfer negotiate"))
        #expect(await transfer("receivers", "--help").output.hasPrefix("USAGE: transfer receivers"))
    }

    @Test("--offer: MIME parameters quoted or not, colons inside quotes, undeclared identifiers")
    func offersAsHTTPWritesThem() async throws {
        // The whole quoted parameter is kept (it holds ':'), and equals the range's unquoted value.
        let quoted = await transfer(
            "negotiate", "--accept", "text/html;profile=urn-x", "--offer", #"text/html;profile="urn-x":data"#, "--format", "json")
        #expect(quoted.status == 0, "\(quoted.error)")
        #expect(quoted.output.contains(#""outcome" : "delivered""#))
        let colon = await transfer(
            "negotiate", "--accept", #"text/html;profile="http://example.com/p""#, "--offer", #"text/html;profile="http://example.com/p""#)
        #expect(colon.status == 0, "\(colon.error)")
        #expect(colon.output.contains("delivered as public.html"), "\(colon.output)")
        // An identifier nothing declares is offered as itself, as UTType(identifier:allowUndeclared:) gives it.
        let undeclared = await transfer("negotiate", "--accept", "*/*", "--offer", "com.example.undeclared:file")
        #expect(undeclared.status == 0, "\(undeclared.error)")
        #expect(undeclared.output.contains("com.example.undeclared"))
    }
}
