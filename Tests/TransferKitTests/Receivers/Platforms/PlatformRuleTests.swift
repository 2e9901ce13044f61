import Foundation
import Testing
import TransferKit

private struct Picture: Transferable {
    let type: UTType
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .jpeg) { _ in Data([0xFF, 0xD8]) }
            .exportingCondition { $0.type == .jpeg }
        DataRepresentation(exportedContentType: .png) { _ in Data([0x89, 0x50]) }
            .exportingCondition { $0.type == .png }
        DataRepresentation(exportedContentType: .mpeg4Movie) { _ in Data([0]) }
            .exportingCondition { $0.type == .mpeg4Movie }
        DataRepresentation(exportedContentType: .pdf) { _ in Data([0x25]) }
            .exportingCondition { $0.type == .pdf }
    }
}

private func share(_ kinds: String...) -> [ShareItem] {
    kinds.map { kind in
        switch kind {
        case "jpeg": ShareItem(Picture(type: .jpeg), label: "jpeg")
        case "png": ShareItem(Picture(type: .png), label: "png")
        case "mp4": ShareItem(Picture(type: .mpeg4Movie), label: "mp4")
        case "pdf": ShareItem(Picture(type: .pdf), label: "pdf")
        case "url": ShareItem(URL(string: "https://example.com")!, label: "url")
        default: ShareItem("some text", label: "text")
        }
    }
}

private func receiver(predicate: String) -> ReceiverProfile {
    var activation = ReceiverActivation(accepts: [.wildcard()])
    activation.predicate = predicate
    return ReceiverProfile(name: "Extension", identifier: "com.example.share", platform: "iOS", activation: activation)
}

private func receiver(filters: [IntentFilter], disabled: String? = nil) -> ReceiverProfile {
    var activation = ReceiverActivation(accepts: [.wildcard()])
    activation.intentFilters = filters
    activation.disabledReason = disabled
    return ReceiverProfile(name: "App", identifier: "com.example/.Share", platform: "Android", activation: activation)
}

private func images(_ body: String) -> String {
    #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count "#
        + body + ").@count == 1"
}

@Suite("Platform rules, as each platform applies them")
struct PlatformRuleTests {
    // MARK: iOS predicates, evaluated literally

    @Test(
        "a predicate is evaluated as NSPredicate evaluates it",
        arguments: [
            (images(">= 1"), ["jpeg"], true),
            (images(">= 1"), ["text"], false),
            (images("== 2"), ["jpeg", "png"], true),
            (images("== 2"), ["jpeg"], false),
            // The count of an empty SUBQUERY is 0: `<= 2` holds for a share with no image.
            (images("<= 2"), ["pdf"], true),
            (images("< 3"), ["jpeg", "png", "jpeg"], false),
            // Keywords ignore case; AND, OR, NOT, &&, ||, ! and parentheses.
            (
                #"subquery(extensionItems, $e, subquery($e.attachments, $a, any $a.registeredTypeIdentifiers "#
                    + #"uti-conforms-to "public.movie").@count >= 1).@count >= 1 or truepredicate"#, ["text"], true
            ),
            (
                #"NOT (SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers "#
                    + #"UTI-CONFORMS-TO "public.url").@count >= 1).@count >= 1)"#, ["url"], false
            ),
            (
                #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers "#
                    + #"UTI-CONFORMS-TO "public.image" && !(ANY $a.registeredTypeIdentifiers UTI-EQUALS "public.png"))"#
                    + #".@count >= 1).@count >= 1"#, ["png"], false
            ),
            // ALL and NONE over the identifiers; @count of a key path.
            (
                #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ALL $a.registeredTypeIdentifiers "#
                    + #"UTI-CONFORMS-TO "public.data").@count == $e.attachments.@count).@count == 1"#, ["jpeg", "pdf"],
                true
            ),
            (
                #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, NONE $a.registeredTypeIdentifiers "#
                    + #"UTI-CONFORMS-TO "public.image").@count == 1).@count == 1"#, ["jpeg", "pdf"], true
            ),
            (#"extensionItems.@count == 1 AND FALSEPREDICATE"#, ["jpeg"], false),
        ] as [(String, [String], Bool)])
    func predicates(_ predicate: String, _ kinds: [String], _ offered: Bool) {
        let plan = Negotiator().plan(kinds.map { share($0)[0] }, for: receiver(predicate: predicate))
        #expect(plan.isOffered == offered, "\(plan.activation)")
        #expect(plan.activationTrace.first?.rule == "NSExtensionActivationRule predicate")
    }

    @Test("a count true because nothing matched is warned of, in the trace and on import")
    func zeroInclusiveCountsAreWarnedOf() throws {
        let plan = Negotiator().plan(share("pdf"), for: receiver(predicate: images("<= 2")))
        #expect(plan.isOffered)
        #expect(
            plan.activationTrace.contains { $0.code == .literalMeaningDiffers && $0.description.contains("1 and 2") })
        // Not when the count is 1 or 2: then the literal and the likely meaning agree.
        let withImage = Negotiator().plan(share("jpeg"), for: receiver(predicate: images("<= 2")))
        #expect(!withImage.activationTrace.contains { $0.code == .literalMeaningDiffers })
        let parsed = try ReceiverProfile.parse(
            activationRulePredicate: images("<= 2"), name: "Extension", identifier: "com.example.share")
        #expect(parsed.diagnostics.contains { $0.reason.contains("true when nothing matches") })
        #expect(parsed.profile.activation.predicate == images("<= 2"))
    }

    @Test("a predicate that does not parse offers nothing, and says where")
    func malformedPredicates() throws {
        let plan = Negotiator().plan(share("jpeg"), for: receiver(predicate: images(">=")))
        #expect(!plan.isOffered)
        #expect(plan.activation.first?.contains("does not parse") == true)
        #expect(plan.activation.first?.contains("at character") == true)
        let unknownKey = Negotiator().plan(share("jpeg"), for: receiver(predicate: "extensionItems.title == 'x'"))
        #expect(!unknownKey.isOffered)
        #expect(unknownKey.activation.first?.contains("no key 'title'") == true)
    }

    // MARK: Android intent resolution

    @Test("image + text is one ACTION_SEND of the image's type; a link is text/plain")
    func androidSendsOneIntent() {
        let photos = receiver(filters: [IntentFilter(actions: [IntentFilter.send], mimeTypes: ["image/*"])])
        let plan = Negotiator().plan(share("jpeg", "text"), for: photos)
        #expect(plan.isOffered, "\(plan.activation)")
        #expect(plan.activationTrace.first?.description.contains("ACTION_SEND of type image/jpeg") == true)
        #expect(plan.activationTrace.first?.description.contains("EXTRA_TEXT") == true)
        let reader = receiver(filters: [IntentFilter(actions: [IntentFilter.send], mimeTypes: ["text/plain"])])
        #expect(Negotiator().plan(share("url"), for: reader).isOffered)
        #expect(!Negotiator().plan(share("jpeg"), for: reader).isOffered)
    }

    @Test("each filter is resolved on its own: SEND's types are not SEND_MULTIPLE's")
    func androidFiltersAreSeparate() {
        let app = receiver(filters: [
            IntentFilter(actions: [IntentFilter.send], mimeTypes: ["*/*"]),
            IntentFilter(actions: [IntentFilter.sendMultiple], mimeTypes: ["image/*", "video/*"]),
        ])
        #expect(Negotiator().plan(share("pdf"), for: app).isOffered)
        #expect(Negotiator().plan(share("jpeg", "png"), for: app).isOffered)  // image/*
        #expect(!Negotiator().plan(share("pdf", "pdf"), for: app).isOffered)  // application/pdf × 2
        // Mixed types are */* to the sender, and an intent's */* matches any filter that lists a
        // type (IntentFilter.findMimeType): the SEND_MULTIPLE filter of images and videos takes it.
        let mixed = Negotiator().plan(share("jpeg", "mp4"), for: app)
        #expect(mixed.isOffered)
        #expect(mixed.activationTrace.first?.description.contains("of type */*") == true)
    }

    @Test("an intent's image/* matches a filter's image/jpeg; MIME types are case-sensitive")
    func androidMIMEMatching() {
        let filter = IntentFilter(actions: [IntentFilter.sendMultiple], mimeTypes: ["image/jpeg", "text/x-vCard"])
        #expect(filter.matchesMIMEType("image/*"))
        #expect(filter.matchesMIMEType("*/*"))
        #expect(IntentFilter(actions: [], mimeTypes: []).matchesMIMEType("*/*") == false)
        #expect(filter.matchesMIMEType("video/*") == false)
        #expect(filter.matchesMIMEType("text/x-vcard") == false)
        #expect(filter.matchesMIMEType("text/x-vCard"))
        #expect(IntentFilter(actions: [], mimeTypes: ["*/*"]).matchesMIMEType("application/zip"))
        #expect(IntentFilter(actions: [], mimeTypes: ["image/*"]).matchesMIMEType("image/png"))
    }

    @Test("no DEFAULT category, a URI scheme, or a disabled activity: not offered, with the rule")
    func androidNotOffered() {
        let noDefault = receiver(filters: [
            IntentFilter(actions: [IntentFilter.send], categories: [], mimeTypes: ["*/*"])
        ])
        let plan = Negotiator().plan(share("jpeg"), for: noDefault)
        #expect(!plan.isOffered)
        #expect(plan.activationTrace.last?.rule == "intent resolution: category test")
        #expect(plan.activationTrace.last?.source?.contains("developer.android.com") == true)
        let scheme = receiver(filters: [
            IntentFilter(actions: [IntentFilter.send], mimeTypes: ["*/*"], schemes: ["content"])
        ])
        #expect(!Negotiator().plan(share("jpeg"), for: scheme).isOffered)
        let disabled = receiver(
            filters: [IntentFilter(actions: [IntentFilter.send], mimeTypes: ["*/*"])],
            disabled: #".Share is android:enabled="false""#)
        let off = Negotiator().plan(share("jpeg"), for: disabled)
        #expect(!off.isOffered)
        #expect(off.activationTrace.map(\.code) == [.receiverDisabled])
    }

    @Test("every activity of a manifest, and which are offered")
    func androidManifestTargets() throws {
        let xml = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:label="Notes">
            <activity android:name="org.example.KeysActivity" android:label="Send keys"><intent-filter>
              <action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/>
              <data android:mimeType="text/x-keystrokes"/></intent-filter></activity>
            <activity android:name="org.example.ShareActivity"><intent-filter>
              <action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/>
              <data android:mimeType="*/*"/></intent-filter>
              <intent-filter><action android:name="android.intent.action.VIEW"/><data android:scheme="https"/><data/></intent-filter>
            </activity>
            <activity android:name="org.example.Hidden" android:exported="false"><intent-filter>
              <action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/>
              <data android:mimeType="*/*"/></intent-filter></activity>
            </application></manifest>
            """
        let parsed = try ReceiverProfile.parse(androidManifest: Data(xml.utf8))
        // Named for people; the <data/> of the VIEW filter is not the share's business.
        #expect(parsed.map(\.profile.name) == ["Send keys (KeysActivity)", "Notes (ShareActivity)", "Notes (Hidden)"])
        #expect(parsed.allSatisfy { $0.diagnostics.isEmpty })
        let plans = Negotiator().plans(share("jpeg"), for: parsed.map(\.profile))
        #expect(plans.map(\.isOffered) == [false, true, false])
        #expect(plans.first(where: \.isOffered)?.receiver == "Notes (ShareActivity)")
        #expect(plans[2].activation.first?.contains("exported") == true)
    }

    // MARK: Web Share Target

    @Test("files need POST multipart/form-data and an accepting entry; text needs a parameter")
    func webShareTargets() throws {
        func target(_ json: String) throws -> ReceiverProfile {
            try ReceiverProfile.parse(webAppManifest: Data(#"{"name": "Web", "share_target": \#(json)}"#.utf8)).profile
        }
        let files = try target(
            #"{"action": "/s", "method": "POST", "enctype": "multipart/form-data", "params": {"text": "t", "files": [{"name": "f", "accept": [".pdf", "image/*"]}]}}"#
        )
        #expect(Negotiator().plan(share("pdf"), for: files).isOffered)
        #expect(Negotiator().plan(share("jpeg", "text"), for: files).isOffered)
        #expect(!Negotiator().plan(share("mp4"), for: files).isOffered)
        #expect(!Negotiator().plan(share("jpeg", "mp4"), for: files).isOffered)  // every file, or none
        let get = try target(#"{"action": "/s", "params": {"url": "u", "files": [{"name": "f", "accept": "*/*"}]}}"#)
        #expect(!Negotiator().plan(share("jpeg"), for: get).isOffered)
        #expect(Negotiator().plan(share("url"), for: get).isOffered)
        let filesOnly = try target(
            #"{"action": "/s", "method": "POST", "enctype": "multipart/form-data", "params": {"files": [{"name": "f", "accept": "*/*"}]}}"#
        )
        #expect(!Negotiator().plan(share("text"), for: filesOnly).isOffered)
    }
}
