import Foundation
import LinkPreviews
import Testing
import TransferClipboard
import TransferCommandLine
import TransferKit

/// A CSV table of three profiles, the one at `bad` replaced by `row`.
private func profiles(replacing bad: Int, with row: String) -> String {
    let ids = [
        "55E5DADE-5DB2-4ACC-96C8-C4971393AE1E", "F2E623BC-EB68-4246-8744-BD6A938806B1",
        "0A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9",
    ]
    return "id,name,bio,funFacts,video,portrait\r\n"
        + ids.enumerated().map { $0.offset == bad ? row + "\r\n" : "\($0.element),Ana,Bakes,[],,\r\n" }.joined()
}

@Suite("The tool's one mapping of errors to exit statuses and messages")
struct ToolErrorTests {
    @Test("a conversion's record failures exit 65 with the codec's words after the input's name, streamed and whole")
    func recordFailuresAreDataErrors() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tool-error-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.csv")
        try profiles(replacing: -1, with: "").write(to: good, atomically: true, encoding: .utf8)
        #expect(await transfer("convert", good.path, "--to", "json").status == 0)

        let ragged = folder.appendingPathComponent("ragged.csv")
        try profiles(replacing: 2, with: "0A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9,Ana,Bakes,[],,,extra")
            .write(to: ragged, atomically: true, encoding: .utf8)
        let mismatch = folder.appendingPathComponent("mismatch.csv")
        try profiles(replacing: 1, with: "not-a-uuid,Ana,Bakes,[],,").write(
            to: mismatch, atomically: true, encoding: .utf8)
        for mode in ["--stream", "--whole"] {
            let failed = await transfer("convert", ragged.path, "--to", "json", mode)
            #expect(failed.status == 65, "\(mode): \(failed.error)")
            #expect(failed.error == "\(ragged.path): line 4, column 1: expected 6 fields (as in the header), found 7\n")
            let wrong = await transfer("convert", mismatch.path, "--to", "json", mode)
            #expect(wrong.status == 65, "\(mode): \(wrong.error)")
            #expect(wrong.error.hasPrefix("\(mismatch.path): "), "\(wrong.error)")
            #expect(wrong.error.contains("[1].id"), "\(wrong.error)")
            #expect(wrong.error.contains("line 3, column 1"), "\(wrong.error)")
        }
    }

    @Test("a conversion's input that is missing exits 66; an output that cannot be created, 73")
    func inputsAndOutputs() async throws {
        let missing = await transfer("convert", "/nonexistent-\(UUID()).csv", "--to", "json")
        #expect(missing.status == 66)
        let output = "/nonexistent-\(UUID())/out.json"
        let uncreatable = await transfer(
            "convert", samples.appendingPathComponent("profiles.csv").path, "--to", "json", "-o", output)
        #expect(uncreatable.status == 73, "\(uncreatable.error)")
        #expect(uncreatable.error.hasPrefix("\(output): cannot be written ("), "\(uncreatable.error)")
    }

    @Test(
        "the libraries' errors, each to its status",
        arguments: [
            (
                LinkPreviewError(.timedOut, lpErrorCode: .metadataFetchTimedOut, reason: "slow"),
                TransferTool.ExitStatus.temporaryFailure
            ),
            (
                LinkPreviewError(.blockedAddress, lpErrorCode: .metadataFetchNotAllowed, reason: "private"),
                .noPermission
            ),
            (LinkPreviewError(.notHTML, lpErrorCode: .metadataFetchFailed, reason: "an image"), .dataError),
            (LinkPreviewError(.hostNotFound, lpErrorCode: .metadataFetchFailed, reason: "no such host"), .unavailable),
        ] as [(LinkPreviewError, TransferTool.ExitStatus)])
    func linkPreviewErrors(error: LinkPreviewError, status: TransferTool.ExitStatus) {
        let failure = ToolError(error)
        #expect(failure.status == status)
        #expect(failure.message.hasPrefix(error.description))
        #expect(failure.message.hasSuffix("(--allow-private-addresses fetches it)") == (error.code == .blockedAddress))
        // Read from a file, a page that is not one is the file's fault.
        let read = ToolError(CommandFailure(error, input: "page.html"))
        #expect(read.status == .dataError)
        #expect(read.message == "page.html: \(error.reason)")
    }

    @Test(
        "clipboard errors, each to its status",
        arguments: [
            (ClipboardError.Code.empty, TransferTool.ExitStatus.noInput), (.typeNotOffered, .noInput),
            (.timedOut, .temporaryFailure), (.protocolError, .dataError), (.outputFailed, .cannotCreate),
            (.noDisplay, .unavailable),
        ] as [(ClipboardError.Code, TransferTool.ExitStatus)])
    func clipboardErrors(code: ClipboardError.Code, status: TransferTool.ExitStatus) {
        let failure = ToolError(ClipboardError(code, "the reason"))
        #expect(failure.status == status)
        #expect(failure.message == "the reason")
    }

    @Test("anything else: 73 for a command writing an output, else 65; a ToolError keeps its own")
    func otherErrors() {
        struct Odd: Error {}
        let unwritten = ToolError(CommandFailure(Odd(), input: "in.csv", output: "out.json"))
        #expect(unwritten.status == .cannotCreate)
        #expect(unwritten.message.hasPrefix("out.json: cannot be written ("))
        #expect(ToolError(CommandFailure(Odd(), input: "in.csv", output: "standard output")).status == .cannotCreate)
        #expect(ToolError(CommandFailure(Odd(), input: "in.csv")).status == .dataError)
        #expect(ToolError(Odd()).status == .dataError)
        let own = ToolError(CommandFailure(ToolError(.ioError, "said"), input: "in.csv"))
        #expect(own.status == .ioError && own.message == "said")
    }
}
