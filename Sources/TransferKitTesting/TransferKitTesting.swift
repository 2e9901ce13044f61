// Test helpers for TransferKit users; importing it makes TransferKit's API available to the test.
@_exported public import TransferKit
