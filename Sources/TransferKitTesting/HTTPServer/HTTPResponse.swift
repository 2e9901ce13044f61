/// A response: a status, header fields and content, written by ``HTTPConnection/send(_:keepAlive:forHead:until:)``.
struct HTTPResponse: Sendable {
    /// The status.
    var status: HTTPStatus
    /// The header fields, in order; `Content-Length` and the connection's fields are added when it
    /// is written.
    var fields: [HTTPField]
    /// The content; `nil` for none at all, not even a length (`304 Not Modified`). A status that
    /// forbids content (``HTTPStatus/forbidsContent``) is written without it whatever this holds.
    var body: [UInt8]?

    /// A response.
    init(status: HTTPStatus, fields: [HTTPField] = [], body: [UInt8]? = []) {
        self.status = status
        self.fields = fields
        self.body = body
    }

    /// A plain-text response: `text` and a line end, as `text/plain; charset=utf-8`.
    static func text(_ status: HTTPStatus, _ text: String, fields: [HTTPField] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, fields: [HTTPField(.contentType, "text/plain; charset=utf-8")] + fields,
            body: Array((text + "\n").utf8))
    }

    /// The status line and fields, with `extra` fields (the connection's) after its own and the
    /// content's length (unless there is no content), ending in the empty line.
    func head(adding extra: [HTTPField]) -> [UInt8] {
        var text = "HTTP/1.1 \(status)\r\n"
        for field in fields { text += "\(field.name): \(field.value)\r\n" }
        if let body, !status.forbidsContent { text += "Content-Length: \(body.count)\r\n" }
        for field in extra { text += "\(field.name): \(field.value)\r\n" }
        return Array((text + "\r\n").utf8)
    }
}
