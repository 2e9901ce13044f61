// A program that is correct by construction — every access to the dictionary is inside
// Mutex.withLock — and that ThreadSanitizer on Linux still reports as a "Swift access race":
// the evidence that the two reports suppressed in Tests/tsan-suppressions.txt are false positives.
//
//   swiftc -parse-as-library -swift-version 6 -sanitize=thread -Onone Scripts/tsan-mutex-repro.swift -o /tmp/repro && /tmp/repro
//
// Swift 6.3 on Linux x86_64: "WARNING: ThreadSanitizer: Swift access race" within seconds.
import Synchronization
enum Cache {
    static let cache = Mutex<[ObjectIdentifier: any Sendable]>([:])
    static func entries<T>(_ type: T.Type, _ value: Int) -> Int {
        if let cached = cache.withLock({ $0[ObjectIdentifier(type)] }) as? Int { return cached }
        var sum = 0
        for i in 0..<50 { sum &+= i * value }
        cache.withLock { $0[ObjectIdentifier(type)] = sum }
        return sum
    }
}
struct A {}; struct B {}; struct C {}
@main struct Main {
    static func main() async {
        for round in 0..<200 {
            await withTaskGroup(of: Int.self) { group in
                for i in 0..<16 {
                    group.addTask {
                        Cache.cache.withLock { $0.removeAll() }
                        return Cache.entries(A.self, i) &+ Cache.entries(B.self, round) &+ Cache.entries(C.self, i)
                    }
                }
                for await _ in group {}
            }
        }
        print("done")
    }
}
