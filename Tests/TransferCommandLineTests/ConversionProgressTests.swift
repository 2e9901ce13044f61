import Foundation
import Testing
import TransferCommandLine

@Suite("Conversion progress")
struct ConversionProgressTests {
    @Test("the bar's measure: how far the process has read the input file")
    func bytesReadFollowTheReadPosition() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID()).bin")
        try Data(repeating: 7, count: 100_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let path = url.resolvingSymlinksInPath().path
        #expect(ConversionProgress.bytesRead(of: path) == nil)  // Not open.
        let handle = try FileHandle(forReadingFrom: url)
        #expect(ConversionProgress.bytesRead(of: path) == 0)
        _ = try handle.read(upToCount: 12_345)
        #expect(ConversionProgress.bytesRead(of: path) == 12_345)
        _ = try handle.read(upToCount: 50_000)
        #expect(ConversionProgress.bytesRead(of: path) == 62_345)
        try handle.close()
        #expect(ConversionProgress.bytesRead(of: path) == nil)
    }
}
