import Foundation
import LinkPreviews
import Testing

/// A page saved beside the tests, in `Resources/Pages`.
func savedPage(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "html", subdirectory: "Resources/Pages"))
    return try Data(contentsOf: url)
}

/// Metadata of an HTML string (UTF-8) at `url`.
func metadata(
    _ html: String,
    url: String = "https://example.com/articles/1",
    contentType: String? = nil
) throws -> LinkMetadata {
    try LinkMetadata(html: Array(html.utf8), url: URL(string: url)!, contentType: contentType)
}
