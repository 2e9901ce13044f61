// Test helpers for TransferKit users: a conformance checker, simulated receivers, file fixtures and
// placeholder media. Importing TransferKitTesting makes TransferKit's API available to the test.
@_exported public import TransferKit
