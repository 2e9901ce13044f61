// TransferKit builds on the content-type tree: every representation names its content type with a
// `UTType`, so importing TransferKit makes `UTType` available too, as CoreTransferable does with
// UniformTypeIdentifiers.
@_exported public import ContentTypes
// The codecs that representations name (`CSVEncoder`, `JSONTextEncoder`, `TopLevelEncoder`, …) come
// with TransferKit; a user who needs only the codecs depends on `TransferCodecs` alone.
@_exported public import TransferCodecs
