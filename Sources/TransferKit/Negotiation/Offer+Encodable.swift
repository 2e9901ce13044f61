extension Offer: Encodable {
    /// The keys of an offer's JSON.
    enum CodingKeys: String, CodingKey {
        case contentType
        case mediaType
        case parameters
        case form
        case representationIndex
        case formIndex
        case visibility
        case exportable
    }

    /// Encodes what the offer offers, every fact a field of its own:
    ///
    /// ```json
    /// {"contentType": "public.html", "mediaType": "text/html", "parameters": {"level": "1"},
    ///  "form": "data", "representationIndex": 0, "formIndex": 0, "visibility": "all", "exportable": true}
    /// ```
    ///
    /// `contentType` is the type's identifier; `mediaType` (the essence of the media type the offer
    /// was made as) only when it is not the content type's preferred MIME type, and `parameters`
    /// (the media type's) only when they are not that MIME type's (as ``description`` writes them); `form` and `visibility` are their
    /// names (`data`, `file`, `value`; `all`, `team`, `group`, `ownProcess`); `exportable` is
    /// ``isExportable``. The representation an offer was made from is how to deliver it, not what
    /// it offers, and is not encoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(contentType.identifier, forKey: .contentType)
        try container.encodeIfPresent(madeAsEssence, forKey: .mediaType)
        if madeWithParameters != nil, let mediaType {
            try container.encode(mediaType.parameterDictionary, forKey: .parameters)
        }
        try container.encode(form, forKey: .form)
        try container.encode(representationIndex, forKey: .representationIndex)
        try container.encode(formIndex, forKey: .formIndex)
        try container.encode(visibility, forKey: .visibility)
        try container.encode(isExportable, forKey: .exportable)
    }
}
