import Foundation
import Testing

@Suite("transfer receivers and transfer negotiate")
struct NegotiateCommandTests {
    @Test("the text trace says, after each item's ranking, whether the plan delivered or dropped it")
    func traceMarksDroppedItems() async throws {
        let result = await transfer(
            "negotiate", "--receiver", "Bluesky", "--item", "photo", "--offer", "public.png", "--item", "text",
            "--offer",
            "public.utf8-plain-text")
        #expect(result.status == 0, "\(result.error)")
        let sections = result.output.components(separatedBy: "\n\n")
        let text = try #require(sections.first { $0.hasPrefix("text — ") })
        // Ranked, then marked: the candidates are listed, and the last line says it was left out.
        #expect(text.contains("1. public.utf8-plain-text as data"))
        #expect(
            text.split(separator: "\n").last?.hasPrefix("  → dropped (failsWithOtherItem): left out: Bluesky fails")
                == true,
            "\(text)")
        let photo = try #require(sections.first { $0.hasPrefix("photo — ") })
        #expect(photo.split(separator: "\n").last == "  → delivered: public.png as value")
    }

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
        let photo = [
            "--item", "photo", "--offer", "public.png:file", "--offer", "public.png:value", "--offer",
            "public.png:data",
        ]
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
        let never = await transfer(
            "negotiate", "--accept", "text/html;q=0, */*", "--offer", "text/html", "--offer", "application/json")
        #expect(never.output.contains("item: delivered as public.json (data)"))
        let sender = await transfer(
            "negotiate", "--accept", "text/plain;q=0.5, text/html;q=0.9", "--offer", "text/plain:data", "--offer",
            "text/html:data")
        #expect(sender.output.contains("item: delivered as public.plain-text (data)"))
        // public.xml offered as text/xml, not its preferred application/xml: the JSON says so.
        let receiver = await transfer(
            "negotiate", "--accept", "text/plain;q=0.5, text/xml;q=0.9", "--offer", "text/plain:data", "--offer",
            "text/xml;charset=utf-8:data",
            "--policy", "receiver", "--format", "json")
        let object = try JSONSerialization.jsonObject(with: Data(receiver.output.utf8)) as? [String: Any]
        let items = object?["items"] as? [[String: Any]]
        let delivered = items?.first?["delivered"] as? [String: Any]
        #expect((delivered?["offer"] as? [String: Any])?["contentType"] as? String == "public.xml")
        // The rule in AcceptRule's own JSON: its weight is `q` (no `weight`, no `contentType`).
        let rule = try #require(delivered?["rule"] as? [String: Any])
        #expect(rule["mediaRange"] as? String == "text/xml")
        #expect(rule["q"] as? Double == 0.9)
        #expect(rule.keys.sorted() == ["mediaRange", "q", "source"], "\(rule)")
        #expect(delivered?["weight"] as? Double == 0.9)
        // The offer: every fact a field, the media type it was given as and its parameters among them.
        let offer = try #require(delivered?["offer"] as? [String: Any])
        #expect(
            offer.keys.sorted() == [
                "contentType", "exportable", "form", "formIndex", "mediaType", "parameters", "representationIndex",
                "visibility",
            ], "\(offer)")
        #expect(offer["mediaType"] as? String == "text/xml")
        #expect(offer["parameters"] as? [String: String] == ["charset": "utf-8"])
        #expect(offer["representationIndex"] as? Int == 1)
        #expect(offer["form"] as? String == "data")
        #expect(items?.first?["outcome"] as? String == "delivered")
        #expect(receiver.output.hasSuffix("}\n"))
    }

    @Test("--format json: reasons are codes and fields, not prose to search")
    func structuredReasons() async throws {
        let result = await transfer(
            "negotiate", "--receiver", "Bluesky", "--item", "photo", "--offer", "public.png:file", "--offer",
            "public.png:value",
            "--item", "text", "--offer", "public.utf8-plain-text", "--format", "json")
        #expect(result.status == 0, "\(result.error)")
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let items = try #require(object?["items"] as? [[String: Any]])
        let photoRejection = (items[0]["rejections"] as? [[String: Any]])?.first
        #expect(photoRejection?["code"] as? String == "consumption")
        #expect((photoRejection?["reason"] as? String)?.contains("its path posted as text") == true)
        #expect(photoRejection?["consumption"] as? String == "showsPath")
        #expect((photoRejection?["offer"] as? [String: Any])?["form"] as? String == "file")
        #expect(items[1]["outcome"] as? String == "dropped")
        #expect((items[1]["cause"] as? [String: Any])?["code"] as? String == "failsWithOtherItem")
        let unknown = await transfer("negotiate", "--accept", "image/png", "--offer", "text/plain", "--format", "json")
        let rejection =
            ((try JSONSerialization.jsonObject(with: Data(unknown.output.utf8)) as? [String: Any])?["items"]
            as? [[String: Any]])?
            .first?["rejections"] as? [[String: Any]]
        #expect(rejection?.first?["code"] as? String == "typeNotAccepted")
        // Activation: why a receiver is not offered, as codes with the counts.
        let instagram = await transfer(
            "negotiate", "--receiver", "Instagram", "--item", "a", "--offer", "public.png", "--item", "b", "--offer",
            "public.png",
            "--format", "json")
        let plan = try JSONSerialization.jsonObject(with: Data(instagram.output.utf8)) as? [String: Any]
        #expect(plan?["offered"] as? Bool == false)
        let step = (plan?["activation"] as? [[String: Any]])?.first
        #expect(step?["code"] as? String == "tooManyOfKind")
        #expect(step?["count"] as? Int == 2)
        #expect(step?["limit"] as? Int == 1)
        // A step about one item names it by label and by its position in items.
        let strict = await transfer(
            "negotiate", "--receiver", "Bluesky", "--item", "notes", "--offer", "public.png", "--item", "notes",
            "--offer", "com.adobe.pdf", "--format", "json")
        let strictPlan = try JSONSerialization.jsonObject(with: Data(strict.output.utf8)) as? [String: Any]
        let notMatched = (strictPlan?["activation"] as? [[String: Any]])?.first
        #expect(notMatched?["code"] as? String == "itemNotMatched")
        #expect(notMatched?["item"] as? String == "notes")
        #expect(notMatched?["itemIndex"] as? Int == 1)
        #expect(notMatched?["rule"] as? String == "NSExtensionActivationRule dictionary")
        let planItems = plan?["items"] as? [[String: Any]]
        #expect(
            planItems?.allSatisfy { ($0["cause"] as? [String: Any])?["code"] as? String == "receiverNotOffered" }
                == true)
    }

    @Test func receiverFromAFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("app.webmanifest")
        try Data(
            #"{"name": "Chirp", "share_target": {"method": "POST", "enctype": "multipart/form-data", "params": {"files": [{"name": "f", "accept": ["image/*"]}]}}}"#
                .utf8
        ).write(to: manifest)
        let result = await transfer("negotiate", "--receiver", manifest.path, "--offer", ".png:file")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Chirp: offered"))
        // Without POST and multipart/form-data the specification lets no file through.
        let get = directory.appendingPathComponent("get.webmanifest")
        try Data(
            #"{"name": "Chirp", "share_target": {"params": {"files": [{"name": "f", "accept": ["image/*"]}]}}}"#.utf8
        ).write(to: get)
        let refused = await transfer("negotiate", "--receiver", get.path, "--offer", ".png:file")
        #expect(refused.output.hasPrefix("Chirp: not offered"))
        #expect(refused.output.contains("files need POST multipart/form-data"))
        // A missing file is missing input (66), not an unknown receiver.
        let missing = await transfer(
            "negotiate", "--receiver", directory.appendingPathComponent("none.json").path, "--offer", ".png")
        #expect(missing.status == 66)
    }

    @Test("--format json with several share targets: each target, and the first offered one's plan")
    func severalTargetsAsJSON() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("AndroidManifest.xml")
        let filter = { (type: String) in
            #"<intent-filter><action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="\#(type)"/></intent-filter>"#
        }
        try Data(
            (#"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app"><application android:label="Example">"#
                + #"<activity android:name=".TextShare">"# + filter("text/plain") + "</activity>"
                + #"<activity android:name=".ImageShare">"# + filter("image/*") + "</activity></application></manifest>")
                .utf8
        ).write(to: manifest)
        let result = await transfer(
            "negotiate", "--receiver", manifest.path, "--offer", "public.png:file", "--format", "json")
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object.keys.sorted() == ["plan", "targets"])
        let targets = try #require(object["targets"] as? [[String: Any]])
        #expect(targets.map { $0["receiver"] as? String } == ["Example (TextShare)", "Example (ImageShare)"])
        #expect(
            targets.map { $0["identifier"] as? String } == [
                "com.example.app/com.example.app.TextShare", "com.example.app/com.example.app.ImageShare",
            ])
        #expect(targets.map { $0["offered"] as? Bool } == [false, true])
        // The plan is SharePlan's own JSON, its rule AcceptRule's.
        let plan = try #require(object["plan"] as? [String: Any])
        #expect(plan.keys.sorted() == ["activation", "items", "offered", "receiver"])
        #expect(plan["receiver"] as? String == "Example (ImageShare)")
        let delivered = ((plan["items"] as? [[String: Any]])?.first?["delivered"] as? [String: Any])
        let rule = delivered?["rule"] as? [String: Any]
        #expect(rule?["mediaRange"] as? String == "image/*")
        #expect(rule?["q"] == nil)
        // In text, every target not offered says why on its own line, not only the one explained.
        let text = await transfer("negotiate", "--receiver", manifest.path, "--offer", "public.jpeg:file")
        #expect(text.status == 0, "\(text.error)")
        #expect(
            text.output.hasPrefix(
                "2 share targets, 1 offered:\n"
                    + "  not offered Example (TextShare)  [com.example.app/com.example.app.TextShare]\n"
                    + "      intent filter 1 (text/plain) has no MIME type matching image/jpeg [intent resolution: data test]\n"
                    + "  offered     Example (ImageShare)  [com.example.app/com.example.app.ImageShare]\n"),
            "\(text.output)")
        // An image offered in the sender's forms (data first, as a DataRepresentation's) goes as a
        // stream, as Android hands it over: the form says file where the trace says EXTRA_STREAM.
        let image = await transfer("negotiate", "--receiver", manifest.path + "#.ImageShare", "--offer", "public.jpeg")
        #expect(image.output.contains("item: delivered as public.jpeg (file)"), "\(image.output)")
        #expect(image.output.contains("EXTRA_STREAM × 1"), "\(image.output)")
        // Text still goes in EXTRA_TEXT, as data, to a filter of text/plain.
        let text2 = await transfer(
            "negotiate", "--receiver", manifest.path + "#.TextShare", "--offer", "public.utf8-plain-text")
        #expect(text2.output.contains("item: delivered as public.utf8-plain-text (data)"), "\(text2.output)")
        // The library's drop says the same: the reason, not only that it is not offered.
        let none = await transfer("negotiate", "--receiver", manifest.path, "--offer", "public.mpeg-4:file")
        #expect(
            none.output.contains(
                "dropped — Example (TextShare) is not offered for this share: intent filter 1 (text/plain) has no MIME "
                    + "type matching video/mp4 [intent resolution: data test]"), "\(none.output)")
    }

    @Test func usageAndDataErrors() async {
        #expect(await transfer("negotiate", "--offer", ".png").status == 64)
        #expect(await transfer("negotiate", "--receiver", "X").status == 64)
        #expect(await transfer("negotiate", "--receiver", "X", "--accept", "*/*", "--offer", ".png").status == 64)
        #expect(await transfer("negotiate", "--receiver", "X", "--offer", ".png:sideways").status == 64)
        #expect(await transfer("negotiate", "--receiver", "X", "--item", "empty").status == 64)
        #expect(await transfer("negotiate", "--receiver", "Nobody", "--offer", ".png").status == 65)
        #expect(await transfer("negotiate", "--accept", "garbage", "--offer", ".png").status == 65)
        let empty = await transfer("negotiate", "--accept", "*/*", "--offer", "")
        #expect(empty.status == 64)
        #expect(empty.error.contains("--offer '': expected a type, found nothing"), "\(empty.error)")
        let unknown = await transfer("negotiate", "--accepts", "nope", "--offer", ".png")
        #expect(unknown.status == 65)
        #expect(unknown.error.hasPrefix("--accepts nope: unknown type 'nope'"), "\(unknown.error)")
        let twice = await transfer("negotiate", "--accepts", "text/html;q=0.5;q=0.2", "--offer", ".html")
        #expect(twice.status == 64)
        #expect(
            twice.error.contains(
                "--accepts text/html;q=0.5;q=0.2: the weight q is given twice; the first, 0.5, is used"),
            "\(twice.error)")
        #expect(await transfer("negotiate", "--help").output.hasPrefix("USAGE: transfer negotiate"))
        #expect(await transfer("receivers", "--help").output.hasPrefix("USAGE: transfer receivers"))
    }

    @Test("--offer: MIME parameters quoted or not, colons inside quotes, undeclared identifiers")
    func offersAsHTTPWritesThem() async throws {
        // The whole quoted parameter is kept (it holds ':'), and equals the range's unquoted value.
        let quoted = await transfer(
            "negotiate", "--accept", "text/html;profile=urn-x", "--offer", #"text/html;profile="urn-x":data"#,
            "--format", "json")
        #expect(quoted.status == 0, "\(quoted.error)")
        #expect(quoted.output.contains(#""outcome" : "delivered""#))
        let colon = await transfer(
            "negotiate", "--accept", #"text/html;profile="http://example.com/p""#, "--offer",
            #"text/html;profile="http://example.com/p""#)
        #expect(colon.status == 0, "\(colon.error)")
        #expect(colon.output.contains("delivered as public.html"), "\(colon.output)")
        // An identifier nothing declares is offered as itself, as UTType(identifier:allowUndeclared:) gives it.
        let undeclared = await transfer("negotiate", "--accept", "*/*", "--offer", "com.example.undeclared:file")
        #expect(undeclared.status == 0, "\(undeclared.error)")
        #expect(undeclared.output.contains("com.example.undeclared"))
    }

    @Test("--accepts gives a receiver inline; --accept-any is a request without an Accept header")
    func inlineReceivers() async throws {
        let inline = await transfer(
            "negotiate", "--accepts", "public.image;q=0.8:data|value", "--accepts", "text/*;q=0.5",
            "--offer", "public.png:file", "--offer", "public.json", "--offer", "public.png")
        #expect(inline.status == 0, "\(inline.error)")
        #expect(inline.output.contains("item: delivered as public.png (data)"))
        #expect(inline.output.contains("does not take file (only data, value)"))
        // text/* is a media range: public.json (application/json) is not text/….
        #expect(inline.output.contains("rejected public.json as data: no rule accepts public.json"))
        let any = await transfer("negotiate", "--accept-any", "--offer", "com.example.undeclared")
        #expect(any.status == 0, "\(any.error)")
        #expect(any.output.contains("item: delivered as com.example.undeclared"))
        let both = await transfer("negotiate", "--accept-any", "--accept", "*/*", "--offer", "public.png")
        #expect(both.status == 64)
        let badForm = await transfer("negotiate", "--accepts", "public.image:sometimes", "--offer", "public.png")
        #expect(badForm.status == 64)
        #expect(badForm.error.contains("expected forms data, file or value"))
    }
}
