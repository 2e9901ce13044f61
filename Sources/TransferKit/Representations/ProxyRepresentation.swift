/// A representation that transfers an item as another `Transferable` type: the proxied type's
/// representations become this type's, at this position.
///
/// ```swift
/// struct Profile: Codable, Transferable {
///     var name: String
///     static var transferRepresentation: some TransferRepresentation {
///         CodableRepresentation(contentType: .profile)
///         ProxyRepresentation(exporting: \.name)   // the name, as String's plain text
///     }
/// }
/// ```
///
/// Proxies chain: a `Video` that proxies to its `URL` offers `public.url` through `URL`'s own
/// representations. A chain that leads back to a type being expanded is reported as
/// ``TransferError/Code/proxyCycle``, never followed forever.
///
/// Keep exporting closures cheap: no network or file work. They run to evaluate the proxied type's
/// exporting conditions and file names, as well as to export.
///
/// `ProxyRepresentation` is `Sendable`.
public struct ProxyRepresentation<Item: Transferable, ProxyRepresentation: Transferable>: TransferRepresentation {
    /// A primitive: it has no body.
    public typealias Body = Never

    enum Exporter: Sendable {
        case synchronous(@Sendable (Item) throws -> ProxyRepresentation)
        case asynchronous(@Sendable (Item) async throws -> ProxyRepresentation)
    }

    let exporter: Exporter?
    let importer: (@Sendable (ProxyRepresentation) async throws -> Item)?

    /// Creates a proxy that only imports.
    ///
    /// - Parameter importing: Makes an item from the proxied value.
    public init(importing: @escaping @Sendable (ProxyRepresentation) throws -> Item) {
        exporter = nil
        importer = { try importing($0) }
    }

    /// Creates a proxy that only imports, asynchronously.
    ///
    /// - Parameter importing: Makes an item from the proxied value.
    public init(importing: @escaping @Sendable (ProxyRepresentation) async throws -> Item) {
        exporter = nil
        importer = importing
    }

    /// Creates a proxy that only exports: `ProxyRepresentation(exporting: \.name)`.
    ///
    /// - Parameter exporting: Gives the proxied value for an item.
    public init(exporting: @escaping @Sendable (Item) throws -> ProxyRepresentation) {
        exporter = .synchronous(exporting)
        importer = nil
    }

    /// Creates a proxy that only exports, asynchronously.
    ///
    /// - Parameter exporting: Gives the proxied value for an item.
    @available(*, deprecated, message: "A synchronous exporter should be used instead.")
    public init(exporting: @escaping @Sendable (Item) async throws -> ProxyRepresentation) {
        exporter = .asynchronous(exporting)
        importer = nil
    }

    /// Creates a proxy that exports and imports.
    ///
    /// - Parameters:
    ///   - exporting: Gives the proxied value for an item.
    ///   - importing: Makes an item from the proxied value.
    public init(
        exporting: @escaping @Sendable (Item) throws -> ProxyRepresentation,
        importing: @escaping @Sendable (ProxyRepresentation) throws -> Item
    ) {
        exporter = .synchronous(exporting)
        importer = { try importing($0) }
    }

    /// Creates a proxy that exports and imports, asynchronously.
    ///
    /// - Parameters:
    ///   - exporting: Gives the proxied value for an item.
    ///   - importing: Makes an item from the proxied value.
    @available(*, deprecated, message: "A synchronous exporter should be used instead.")
    public init(
        exporting: @escaping @Sendable (Item) async throws -> ProxyRepresentation,
        importing: @escaping @Sendable (ProxyRepresentation) async throws -> Item
    ) {
        exporter = .asynchronous(exporting)
        importer = importing
    }

    /// Creates a proxy with a synchronous exporter and an asynchronous importer.
    ///
    /// - Parameters:
    ///   - exporting: Gives the proxied value for an item.
    ///   - importing: Makes an item from the proxied value.
    public init(
        exporting: @escaping @Sendable (Item) throws -> ProxyRepresentation,
        importing: @escaping @Sendable (ProxyRepresentation) async throws -> Item
    ) {
        exporter = .synchronous(exporting)
        importer = importing
    }
}

extension ProxyRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        let proxied = try Flattener.entries(ofType: ProxyRepresentation.self, &context)
        let name = String(describing: ProxyRepresentation.self)
        return proxied.compactMap { inner -> TransferRepresentationEntry<Item>? in
            let exporter = self.exporter.flatMap { map(inner.exporter, through: $0, condition: inner.condition) }
            let importer = self.importer.flatMap { map(inner.importer, through: $0) }
            guard exporter != nil || importer != nil else { return nil }
            // Conditions and file names of the proxied type apply to the proxied value; they can be
            // evaluated synchronously only through a synchronous exporter.
            var condition: (@Sendable (Item) -> Bool)?
            var fileName: (@Sendable (Item) -> String?)?
            if case .synchronous(let convert)? = self.exporter {
                if let innerCondition = inner.condition {
                    condition = { item in (try? convert(item)).map(innerCondition) ?? true }
                }
                if let innerName = inner.fileName {
                    fileName = { item in (try? convert(item)).flatMap(innerName) }
                }
            }
            // The value form hands over the proxy's value (or its own proxy's, when nested).
            var valueExporter: (@Sendable (Item) async throws -> any Sendable)?
            if let proxyExporter = self.exporter {
                let innerValue = inner.valueExporter
                valueExporter = { item in
                    let proxy = try await Self.convert(item, with: proxyExporter)
                    return try await innerValue?(proxy) ?? proxy
                }
            }
            return TransferRepresentationEntry(
                contentType: inner.contentType,
                payloadForm: inner.payloadForm,
                visibility: inner.visibility,
                proxyChain: [name] + inner.proxyChain,
                shouldAttemptToOpenInPlace: inner.shouldAttemptToOpenInPlace,
                allowsOpeningInPlace: inner.allowsOpeningInPlace,
                exporter: exporter,
                importer: importer,
                condition: condition,
                fileName: fileName,
                valueExporter: valueExporter
            )
        }
    }

    private static func convert(_ item: Item, with exporter: Exporter) async throws -> ProxyRepresentation {
        switch exporter {
        case .synchronous(let convert): try convert(item)
        case .asynchronous(let convert): try await convert(item)
        }
    }

    private func map(
        _ inner: TransferRepresentationEntry<ProxyRepresentation>.Exporter?,
        through exporter: Exporter,
        condition: (@Sendable (ProxyRepresentation) -> Bool)?
    ) -> TransferRepresentationEntry<Item>.Exporter? {
        // The proxied type's own conditions are checked again on the proxied value at export time,
        // which covers asynchronous exporters too.
        let check: @Sendable (ProxyRepresentation) throws -> Void = { value in
            if let condition, !condition(value) {
                throw TransferError(
                    .conditionNotMet, itemType: ProxyRepresentation.self,
                    reason: "The exporting condition of \(ProxyRepresentation.self) is false for this value")
            }
        }
        switch inner {
        case .data(let export)?:
            return .data { item in
                let value = try await Self.convert(item, with: exporter)
                try check(value)
                return try await export(value)
            }
        case .file(let export)?:
            return .file { item in
                let value = try await Self.convert(item, with: exporter)
                try check(value)
                return try await export(value)
            }
        case nil:
            return nil
        }
    }

    private func map(
        _ inner: TransferRepresentationEntry<ProxyRepresentation>.Importer?,
        through importer: @escaping @Sendable (ProxyRepresentation) async throws -> Item
    ) -> TransferRepresentationEntry<Item>.Importer? {
        switch inner {
        case .data(let load)?:
            return .data { data in try await importer(load(data)) }
        case .file(let load)?:
            return .file { file in try await importer(load(file)) }
        case nil:
            return nil
        }
    }
}
