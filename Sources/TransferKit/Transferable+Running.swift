#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Running a representation's closures: the engine that export, import and delivery share —
/// cancellation, error mapping, trying candidates in order. `ItemProvider` runs its registrants'
/// loaders with a smaller one of its own (`ItemProvider.running(_:_:)`: a loader is not a
/// representation, and its errors name the provider).
extension Transferable {
    /// Runs `body` with each candidate in turn until one succeeds; a cancellation stops at once.
    /// When all fail, the error has the last failure's code and every candidate's reason.
    static func tryInOrder<Result>(
        _ candidates: [TransferRepresentationEntry<Self>],
        attempts: [TransferError.Attempt],
        requested contentType: UTType?,
        offered: [UTType],
        failure prefix: String,
        _ body: (TransferRepresentationEntry<Self>) async throws(TransferError) -> Result
    ) async throws(TransferError) -> Result {
        var attempts = attempts
        var lastError: TransferError?
        for candidate in candidates {
            do throws(TransferError) {
                return try await body(candidate)
            } catch {
                if error.code == .cancelled { throw error }
                attempts.append(
                    .init(
                        contentType: candidate.contentType, payloadForm: candidate.payloadForm,
                        reason: "failed: \(error.reason)"))
                lastError = error
            }
        }
        let failure =
            lastError
            ?? TransferError(.noMatchingRepresentation, itemType: Self.self, reason: "no representation to try")
        throw TransferError(
            failure.code, itemType: Self.self, requestedContentType: contentType, offeredContentTypes: offered,
            attempts: attempts, reason: "\(prefix): \(failure.reason)",
            underlyingError: failure.underlyingError ?? failure)
    }

    /// Runs a representation's own closure, turning what it throws into a ``TransferError``.
    static func running<Value>(
        _ entry: TransferRepresentationEntry<Self>,
        _ direction: TransferDirection,
        _ body: () async throws -> Value
    ) async throws(TransferError) -> Value {
        try checkCancellation(entry)
        do {
            let value = try await body()
            do {
                try checkCancellation(entry)
            } catch {
                (value as? SentTransferredFile)?.discard()  // Made for this transfer, now abandoned.
                throw error
            }
            return value
        } catch let error as TransferError {
            throw error
        } catch is CancellationError {
            throw cancelled(entry)
        } catch let error as DecodingError {
            throw TransferError(
                .decodingFailed, itemType: Self.self, requestedContentType: entry.contentType,
                reason:
                    "The \(entry.contentType.identifier) representation of \(Self.self) cannot decode its input: \(error.readableDescription)",
                underlyingError: error)
        } catch let error as EncodingError {
            throw TransferError(
                .encodingFailed, itemType: Self.self, requestedContentType: entry.contentType,
                reason: "The \(entry.contentType.identifier) representation of \(Self.self) cannot encode the item",
                underlyingError: error)
        } catch {
            let verb = direction == .export ? "exporting" : "importing"
            throw TransferError(
                direction == .export ? .exportFailed : .importFailed, itemType: Self.self,
                requestedContentType: entry.contentType,
                reason:
                    "The \(verb) closure of the \(entry.contentType.identifier) representation of \(Self.self) threw \(error)",
                underlyingError: error)
        }
    }

    static func checkCancellation(_ entry: TransferRepresentationEntry<Self>) throws(TransferError) {
        if Task.isCancelled { throw cancelled(entry) }
    }

    static func cancelled(_ entry: TransferRepresentationEntry<Self>) -> TransferError {
        TransferError(
            .cancelled, itemType: Self.self, requestedContentType: entry.contentType,
            reason: "The transfer of \(Self.self) as \(entry.contentType.identifier) was cancelled")
    }
}

/// Which way a representation's closure moves an item.
enum TransferDirection {
    case export
    case `import`
}
