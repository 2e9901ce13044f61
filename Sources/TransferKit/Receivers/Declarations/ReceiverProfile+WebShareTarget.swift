#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ReceiverProfile {
    /// Reads a Web Share Target from a web app manifest's `share_target`.
    ///
    /// `params.text` and `params.title` accept `public.text`; `params.url` accepts `public.url`; each
    /// `params.files[].accept` entry (`.ext`, `type/subtype`, `type/*` or `*/*`, a string or a list)
    /// accepts the matching type. As the specification requires, an entry of any other form is
    /// dropped with a diagnostic, a `files` entry left with no `accept` is removed, and every shared
    /// file must be accepted for the target to be offered.
    ///
    /// - Parameters:
    ///   - webAppManifest: The manifest's JSON.
    ///   - name: A name for the receiver; the default is the manifest's `name` or `short_name`.
    /// - Returns: The profile and the diagnostics.
    /// - Throws: ``ReceiverDeclarationError`` when the JSON is malformed, has no `share_target`, or
    ///   accepts nothing.
    public static func parse(webAppManifest: Data, name: String? = nil) throws(ReceiverDeclarationError)
        -> ParsedReceiver
    {
        let object: Any
        do {
            object = try DocumentValue.readJSON(webAppManifest)
        } catch {
            let reason = (error as? DecodingError)?.readableDescription ?? "cannot be read as JSON"
            throw ReceiverDeclarationError(source: "manifest", diagnostics: [.init(entry: "file", reason: reason)])
        }
        guard let manifest = object as? [String: Any], let target = manifest["share_target"] as? [String: Any] else {
            throw ReceiverDeclarationError(
                source: "manifest",
                diagnostics: [.init(entry: "share_target", reason: "expected a share_target object, found none")])
        }
        var diagnostics: [ReceiverDeclarationError.Diagnostic] = []
        var rules: [AcceptRule] = []
        let params = target["params"] as? [String: Any] ?? [:]
        var fileEntries: [WebShareTarget.File] = []
        if params["text"] is String || params["title"] is String {
            rules.append(AcceptRule(.text, source: "params.text"))
        }
        if params["url"] is String {
            rules.append(AcceptRule(.url, source: "params.url"))
        }
        let files: [Any]
        if let list = params["files"] as? [Any] {
            files = list
        } else if let single = params["files"] as? [String: Any] {
            files = [single]
        } else {
            files = []
        }
        for (index, file) in files.enumerated() {
            guard let entry = file as? [String: Any] else {
                diagnostics.append(
                    .init(entry: "params.files[\(index)]", reason: "expected an object with name and accept"))
                continue
            }
            let accepts: [String]
            if let list = entry["accept"] as? [String] {
                accepts = list
            } else if let single = entry["accept"] as? String {
                accepts = [single]
            } else {
                accepts = []
            }
            var kept = 0
            for accept in accepts {
                let trimmed = accept.trimmingPrefix(while: \.isWhitespace)
                if trimmed.hasPrefix(".") {
                    let ext = trimmed.dropFirst()
                    guard !ext.isEmpty, !ext.contains("/"), let type = UTType(filenameExtension: String(ext)) else {
                        diagnostics.append(
                            .init(
                                entry: "params.files[\(index)].accept \"\(accept)\"",
                                reason: "expected .ext, type/subtype, type/* or */*"))
                        continue
                    }
                    rules.append(AcceptRule(type, source: accept))
                    kept += 1
                    continue
                }
                switch AcceptHeader.rule(for: Substring(trimmed)) {
                case .success(let rule, let warnings):
                    rules.append(rule)
                    diagnostics += warnings
                    kept += 1
                case .failure:
                    diagnostics.append(
                        .init(
                            entry: "params.files[\(index)].accept \"\(accept)\"",
                            reason: "expected .ext, type/subtype, type/* or */*"))
                }
            }
            if kept > 0 {
                fileEntries.append(.init(name: entry["name"] as? String ?? "", accept: accepts))
            }
            if kept == 0 {
                diagnostics.append(
                    .init(entry: "params.files[\(index)]", reason: "accepts nothing valid, so the entry is removed"))
            }
        }
        guard !rules.isEmpty else {
            throw ReceiverDeclarationError(
                source: "manifest", diagnostics: diagnostics + [.init(entry: "share_target", reason: "accepts nothing")]
            )
        }
        let title = name ?? (manifest["name"] as? String) ?? (manifest["short_name"] as? String) ?? "web app"
        let action = target["action"] as? String ?? ""
        var activation = ReceiverActivation(accepts: rules, itemMatching: .all)
        var shareTarget = WebShareTarget(
            action: action, method: target["method"] as? String ?? "GET",
            enctype: target["enctype"] as? String ?? "application/x-www-form-urlencoded",
            title: params["title"] as? String, text: params["text"] as? String, url: params["url"] as? String,
            files: fileEntries)
        if !fileEntries.isEmpty, !shareTarget.takesFiles {
            diagnostics.append(
                .init(
                    entry: "share_target.params.files",
                    reason: "needs method POST and enctype multipart/form-data, found \(shareTarget.method) "
                        + "\(shareTarget.enctype): no file can be shared to it"))
        }
        shareTarget.files = fileEntries
        activation.webShareTarget = shareTarget
        let profile = ReceiverProfile(
            name: title, identifier: "web-share-target:\(action)", platform: "Web", activation: activation)
        return ParsedReceiver(profile: profile, diagnostics: diagnostics)
    }
}
