import Foundation
import Testing
import TransferKit

// The edges of the Android and Web Share Target rules (issue #47, point 4): a filter that lists a
// category other than DEFAULT, a POST share target that names no enctype, and the list of types a
// trace shows in full up to its limit.

private struct Photo: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .jpeg) { _ in Data([0xFF, 0xD8]) }
    }
}

private func android(_ filters: [IntentFilter]) -> ReceiverProfile {
    var activation = ReceiverActivation(accepts: [.wildcard()])
    activation.intentFilters = filters
    return ReceiverProfile(name: "App", identifier: "com.example/.Share", platform: "Android", activation: activation)
}

private let browsable = "android.intent.category.BROWSABLE"

@Suite("Platform rules at their edges")
struct PlatformRuleBoundaryTests {
    // MARK: Android's category test

    @Test(
        "an implicit ACTION_SEND needs DEFAULT among the filter's categories: another alone is not enough",
        arguments: [
            ([browsable], false),
            (["android.intent.category.OPENABLE"], false),
            ([browsable, "android.intent.category.OPENABLE"], false),
            // Category names are compared exactly, as Android compares strings.
            (["android.intent.category.default"], false),
            (["DEFAULT"], false),
            ([IntentFilter.defaultCategory], true),
            ([IntentFilter.defaultCategory, browsable], true),
            ([browsable, IntentFilter.defaultCategory], true),
        ] as [([String], Bool)])
    func androidCategoryTestNeedsDefault(categories: [String], offered: Bool) {
        let receiver = android([IntentFilter(actions: [IntentFilter.send], categories: categories, mimeTypes: ["*/*"])])
        let plan = Negotiator().plan([ShareItem(Photo(), label: "photo")], for: receiver)
        #expect(plan.isOffered == offered, "\(categories): \(plan.activation)")
        if offered {
            #expect(plan.activationTrace.contains { $0.rule == "intent resolution" && $0.code == .ruleMatched })
        } else {
            #expect(plan.activationTrace.last?.rule == "intent resolution: category test")
            #expect(plan.activationTrace.last?.description.contains(IntentFilter.defaultCategory) == true)
        }
    }

    @Test("a manifest's filter with BROWSABLE only is not offered; with DEFAULT and BROWSABLE it is")
    func androidManifestCategoryTestNeedsDefault() throws {
        func activity(_ name: String, _ categories: [String]) -> String {
            """
            <activity android:name="org.example.\(name)"><intent-filter>
              <action android:name="android.intent.action.SEND"/>
              \(categories.map { #"<category android:name="\#($0)"/>"# }.joined())
              <data android:mimeType="image/*"/></intent-filter></activity>
            """
        }
        let xml = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:label="Pics">
            \(activity("BrowsableOnly", [browsable]))
            \(activity("Both", [browsable, IntentFilter.defaultCategory]))
            \(activity("None", []))
            </application></manifest>
            """
        let parsed = try ReceiverProfile.parse(androidManifest: Data(xml.utf8))
        #expect(parsed.map(\.profile.name) == ["Pics (BrowsableOnly)", "Pics (Both)", "Pics (None)"])
        let plans = Negotiator().plans([ShareItem(Photo(), label: "photo")], for: parsed.map(\.profile))
        #expect(plans.map(\.isOffered) == [false, true, false])
        #expect(plans[0].activationTrace.last?.rule == "intent resolution: category test")
    }

    @Test(
        "the trace names a filter's MIME types in full up to 6; past that the first 5 and the count",
        arguments: [5, 6, 7, 8])
    func androidTraceListsTypesUpToTheLimit(count: Int) {
        let types = (1...count).map { "application/x-kind-\($0)" }
        let receiver = android([IntentFilter(actions: [IntentFilter.send], mimeTypes: types)])
        let plan = Negotiator().plan([ShareItem(Photo(), label: "photo")], for: receiver)
        #expect(!plan.isOffered)
        let step = plan.activationTrace.last?.description ?? ""
        let shown =
            count <= 6
            ? types.joined(separator: ", ") : types.prefix(5).joined(separator: ", ") + ", … \(count) types"
        #expect(step.hasPrefix("intent filter 1 (\(shown)) "), "\(step)")
    }

    // MARK: Web Share Target's enctype

    func webTarget(_ json: String) throws -> ParsedReceiver {
        try ReceiverProfile.parse(webAppManifest: Data(#"{"name": "Web", "share_target": \#(json)}"#.utf8))
    }

    @Test("a POST with files and no enctype is application/x-www-form-urlencoded, which cannot carry files")
    func webShareTargetEnctypeDefaultsToURLEncoded() throws {
        let parsed = try webTarget(
            #"{"action": "/s", "method": "POST", "params": {"text": "t", "files": [{"name": "f", "accept": "image/*"}]}}"#
        )
        let target = try #require(parsed.profile.activation.webShareTarget)
        #expect(target.method == "POST")
        #expect(target.enctype == "application/x-www-form-urlencoded")
        #expect(!target.takesFiles)
        #expect(
            parsed.diagnostics.contains {
                $0.entry == "share_target.params.files"
                    && $0.reason.contains("found POST application/x-www-form-urlencoded")
            }, "\(parsed.diagnostics)")
        let plan = Negotiator().plan([ShareItem(Photo(), label: "photo")], for: parsed.profile)
        #expect(!plan.isOffered)
        #expect(
            plan.activationTrace.last?.description.contains(
                "declares files with POST application/x-www-form-urlencoded, and files need POST multipart/form-data")
                == true, "\(plan.activation)")
        // Text still goes through its parameter.
        #expect(Negotiator().plan([ShareItem("words", label: "text")], for: parsed.profile).isOffered)
        // The same with the default method too: GET, urlencoded.
        let neither = try webTarget(#"{"action": "/s", "params": {"files": [{"name": "f", "accept": "image/*"}]}}"#)
        #expect(neither.profile.activation.webShareTarget?.method == "GET")
        #expect(neither.profile.activation.webShareTarget?.enctype == "application/x-www-form-urlencoded")
        #expect(!Negotiator().plan([ShareItem(Photo(), label: "photo")], for: neither.profile).isOffered)
    }

    @Test(
        "files need exactly POST and multipart/form-data, each compared without case",
        arguments: [
            (#""method": "POST", "enctype": "multipart/form-data""#, true),
            (#""method": "post", "enctype": "Multipart/Form-Data""#, true),
            (#""method": "POST", "enctype": "application/x-www-form-urlencoded""#, false),
            (#""method": "POST""#, false),
            (#""method": "GET", "enctype": "multipart/form-data""#, false),
            (#""enctype": "multipart/form-data""#, false),
        ])
    func webShareTargetFilesNeedPostMultipart(fields: String, offered: Bool) throws {
        let parsed = try webTarget(
            #"{"action": "/s", \#(fields), "params": {"files": [{"name": "f", "accept": "image/*"}]}}"#)
        #expect(Negotiator().plan([ShareItem(Photo(), label: "photo")], for: parsed.profile).isOffered == offered)
        #expect(parsed.diagnostics.isEmpty == offered, "\(parsed.diagnostics)")
    }
}
