#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A representation that encodes a `Codable` item, as JSON unless you pass other coders.
///
/// ```swift
/// struct Profile: Codable, Transferable {
///     static var transferRepresentation: some TransferRepresentation {
///         CodableRepresentation(contentType: .profile)
///     }
/// }
/// ```
///
/// With other coders, any `TopLevelEncoder` and `TopLevelDecoder` of `Data`:
///
/// ```swift
/// CodableRepresentation(contentType: .propertyList, encoder: PropertyListEncoder(), decoder: PropertyListDecoder())
/// ```
///
/// An encoding failure is a ``TransferError`` with code ``TransferError/Code/encodingFailed``, a
/// decoding failure one with ``TransferError/Code/decodingFailed``; both carry the coder's error.
///
/// `CodableRepresentation` is `Sendable`.
public struct CodableRepresentation<Item, Encoder, Decoder>: TransferRepresentation
where
    Item: Transferable & Codable, Encoder: TopLevelEncoder & Sendable, Decoder: TopLevelDecoder & Sendable,
    Encoder.Output == Data, Decoder.Input == Data
{
    /// A primitive: it has no body.
    public typealias Body = Never

    let contentType: UTType
    let encoder: Encoder
    let decoder: Decoder

    /// Creates a representation that encodes and decodes with the given coders.
    ///
    /// - Parameters:
    ///   - itemType: The item type; usually inferred.
    ///   - contentType: The content type of the encoded bytes.
    ///   - encoder: The encoder.
    ///   - decoder: The decoder.
    public init(for itemType: Item.Type = Item.self, contentType: UTType, encoder: Encoder, decoder: Decoder) {
        self.contentType = contentType
        self.encoder = encoder
        self.decoder = decoder
    }

    /// Creates a representation that encodes and decodes JSON, with `JSONTextEncoder` and
    /// `JSONTextDecoder`: Foundation's JSON coders' options and output, several times faster.
    ///
    /// - Parameters:
    ///   - itemType: The item type; usually inferred.
    ///   - contentType: The content type of the JSON bytes.
    public init(for itemType: Item.Type = Item.self, contentType: UTType)
    where Encoder == JSONTextEncoder, Decoder == JSONTextDecoder {
        self.init(for: itemType, contentType: contentType, encoder: JSONTextEncoder(), decoder: JSONTextDecoder())
    }
}

extension CodableRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        let encoder = encoder
        let decoder = decoder
        let contentType = contentType
        let encode: @Sendable (Item) async throws -> Data = { item in
            do {
                return try encoder.encode(item)
            } catch {
                throw TransferError(
                    .encodingFailed, itemType: Item.self, requestedContentType: contentType,
                    reason: "Cannot encode \(Item.self) as \(contentType.identifier) with \(Encoder.self)",
                    underlyingError: error)
            }
        }
        let decode: @Sendable (Data) async throws -> Item = { data in
            do {
                return try decoder.decode(Item.self, from: data)
            } catch {
                throw TransferError(
                    .decodingFailed, itemType: Item.self, requestedContentType: contentType,
                    reason: "Cannot decode \(Item.self) from \(contentType.identifier) with \(Decoder.self)"
                        + (error as? DecodingError).map { ": \($0.readableDescription)" }.orEmpty,
                    underlyingError: error)
            }
        }
        return [
            TransferRepresentationEntry(
                contentType: contentType, payloadForm: .data, exporter: .data(encode), importer: .data(decode))
        ]
    }
}

extension Optional<String> {
    var orEmpty: String { self ?? "" }
}
