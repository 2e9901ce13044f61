/// What a receiver's handler actually does with what it is given: which items it reads, how each
/// kind of content fares in each payload form, and what it drops when items come together.
///
/// No platform lets receivers declare this; profiles record it from source code and measurements.
/// For example, Mastodon's share extension joins the first URL into the post text, so an image sent
/// as a file URL is attached *and* its path lands in the text:
///
/// ```swift
/// ReceiverConsumption(readings: [
///     .init(.image, forms: .file, outcome: .addsPathToText, note: "file URLs conform to public.url"),
///     .init(.image, forms: .value, outcome: .ignored, note: "an in-memory image is not picked up"),
/// ])
/// ```
///
/// `ReceiverConsumption` is `Sendable`.
public struct ReceiverConsumption: Sendable, Hashable, Codable {
    /// How the handler fares with one kind of content in one form.
    ///
    /// An open set (a struct, not an enum): measurements may find new behaviours. Decoding accepts the
    /// known names only. `Outcome` is `Sendable`.
    public struct Outcome: NamedValue, Codable {
        /// The name, as profiles spell it.
        public let rawValue: String

        init(unchecked name: String) { rawValue = name }

        /// Shown as intended.
        public static let ok = Outcome(unchecked: "ok")
        /// Shown, but the file's path is also added to the text.
        public static let addsPathToText = Outcome(unchecked: "addsPathToText")
        /// Misread: a file URL shown as its path, as text, instead of the content.
        public static let showsPath = Outcome(unchecked: "showsPath")
        /// Accepted but not shown.
        public static let ignored = Outcome(unchecked: "ignored")
        /// The receiver fails: an error dialog, a crash, a sheet that closes.
        public static let fails = Outcome(unchecked: "fails")

        /// Every value this version knows, in the order above.
        public static let knownValues: [Outcome] = [.ok, .addsPathToText, .showsPath, .ignored, .fails]

        /// Whether the content reaches the user as intended, possibly with side effects.
        public var isDelivered: Bool { self == .ok || self == .addsPathToText }

    }

    /// How one kind of content fares in some forms, or every form.
    ///
    /// Its JSON names one form as `"form": "file"`, several as `"forms": ["data", "file"]`, and every
    /// form by naming none. `Reading` is `Sendable`.
    public struct Reading: Sendable, Hashable, Codable {
        /// The kind of content.
        public var kind: ContentKind
        /// The payload forms it covers: ``TransferPayloadForms/all`` unless the reading names some.
        public var forms: TransferPayloadForms
        /// What happens.
        public var outcome: Outcome
        /// Why, with its evidence.
        public var note: String?

        /// Creates a reading.
        ///
        /// - Parameters:
        ///   - kind: The kind of content.
        ///   - forms: The payload forms it covers. The default is all of them.
        ///   - outcome: What happens.
        ///   - note: Why.
        public init(_ kind: ContentKind, forms: TransferPayloadForms = .all, outcome: Outcome, note: String? = nil) {
            self.kind = kind
            self.forms = forms
            self.outcome = outcome
            self.note = note
        }

        enum CodingKeys: String, CodingKey {
            case kind, form, forms, outcome, note
        }

        /// Decodes a reading: `{"kind": "image", "form": "file", "outcome": "showsPath"}`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(ContentKind.self, forKey: .kind)
            if let form = try container.decodeIfPresent(TransferPayloadForm.self, forKey: .form) {
                forms = TransferPayloadForms(form)
            } else {
                forms = try container.decodeIfPresent(TransferPayloadForms.self, forKey: .forms) ?? .all
            }
            outcome = try container.decode(Outcome.self, forKey: .outcome)
            note = try container.decodeIfPresent(String.self, forKey: .note)
        }

        /// Encodes a reading as ``init(from:)`` reads it.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            if forms.forms.count == 1 {
                try container.encode(forms.forms[0], forKey: .form)
            } else if forms != .all {
                try container.encode(forms, forKey: .forms)
            }
            try container.encode(outcome, forKey: .outcome)
            try container.encodeIfPresent(note, forKey: .note)
        }
    }

    /// What happens to one kind of content when another is delivered with it.
    ///
    /// `CrossItemRule` is `Sendable`.
    public struct CrossItemRule: Sendable, Hashable, Codable {
        /// What the receiver does to the affected item.
        ///
        /// An open set (a struct, not an enum). Decoding accepts the known names only. `Effect` is
        /// `Sendable`.
        public struct Effect: NamedValue, Codable {
            /// The name, as profiles spell it.
            public let rawValue: String

            init(unchecked name: String) { rawValue = name }

            /// The receiver drops it silently: the share still works.
            public static let dropped = Effect(unchecked: "dropped")
            /// The share fails when it is present: the sender must leave it out.
            public static let fails = Effect(unchecked: "fails")

            /// Every value this version knows, in the order above.
            public static let knownValues: [Effect] = [.dropped, .fails]

        }

        /// The kind whose presence triggers the rule.
        public var with: ContentKind
        /// The kind affected.
        public var affects: ContentKind
        /// What happens to it.
        public var effect: Effect
        /// Why, with its evidence.
        public var note: String?

        /// Creates a rule.
        ///
        /// - Parameters:
        ///   - with: The kind whose presence triggers the rule.
        ///   - affects: The kind affected.
        ///   - effect: What happens to it.
        ///   - note: Why.
        public init(with: ContentKind, affects: ContentKind, effect: Effect, note: String? = nil) {
            self.with = with
            self.affects = affects
            self.effect = effect
            self.note = note
        }
    }

    /// Whether the handler reads every item or only the first, by ``precedence``.
    ///
    /// An open set (a struct, not an enum). Decoding accepts the known names only. `Reads` is
    /// `Sendable`.
    public struct Reads: NamedValue, Codable {
        /// The name, as profiles spell it.
        public let rawValue: String

        init(unchecked name: String) { rawValue = name }

        /// Every item is read.
        public static let allItems = Reads(unchecked: "allItems")
        /// Only the first item, taken in ``ReceiverConsumption/precedence`` order, is read.
        public static let firstItemOnly = Reads(unchecked: "firstItemOnly")

        /// Every value this version knows, in the order above.
        public static let knownValues: [Reads] = [.allItems, .firstItemOnly]

    }

    /// Whether the handler reads every item or only the first.
    public var reads: Reads
    /// The order in which the handler looks for kinds of content, for ``Reads/firstItemOnly``.
    public var precedence: [ContentKind]
    /// How each kind fares in each form; a combination not listed is ``Outcome/ok``.
    public var readings: [Reading]
    /// What happens to items that come together.
    public var crossItemRules: [CrossItemRule]
    /// The most items of each kind the handler takes, whatever the activation rule allows.
    public var maxTaken: [ContentKind: Int]

    /// Creates a consumption model.
    ///
    /// - Parameters:
    ///   - reads: Every item, or the first only. The default is every item.
    ///   - precedence: The order kinds are looked for in.
    ///   - readings: How each kind fares in each form.
    ///   - crossItemRules: What happens to items that come together.
    ///   - maxTaken: The most items of each kind taken.
    public init(
        reads: Reads = .allItems,
        precedence: [ContentKind] = [],
        readings: [Reading] = [],
        crossItemRules: [CrossItemRule] = [],
        maxTaken: [ContentKind: Int] = [:]
    ) {
        self.reads = reads
        self.precedence = precedence
        self.readings = readings
        self.crossItemRules = crossItemRules
        self.maxTaken = maxTaken
    }

    /// The reading for a kind in a form: the one naming the form, else the one for every form.
    public func reading(for kind: ContentKind, form: TransferPayloadForm) -> Reading {
        readings.first { $0.kind == kind && $0.forms != .all && $0.forms.contains(form) }
            ?? readings.first { $0.kind == kind && $0.forms == .all }
            ?? Reading(kind, forms: TransferPayloadForms(form), outcome: .ok)
    }

    enum CodingKeys: String, CodingKey {
        case reads, precedence, readings, crossItemRules, maxTaken
    }

    /// Decodes a consumption model; every key is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reads = try container.decodeIfPresent(Reads.self, forKey: .reads) ?? .allItems
        precedence = try container.decodeIfPresent([ContentKind].self, forKey: .precedence) ?? []
        readings = try container.decodeIfPresent([Reading].self, forKey: .readings) ?? []
        crossItemRules = try container.decodeIfPresent([CrossItemRule].self, forKey: .crossItemRules) ?? []
        let taken = try container.decodeIfPresent([String: Int].self, forKey: .maxTaken) ?? [:]
        var maxTaken: [ContentKind: Int] = [:]
        for (name, count) in taken {
            guard let kind = ContentKind(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .maxTaken, in: container, debugDescription: "expected a content kind, found '\(name)'")
            }
            maxTaken[kind] = count
        }
        self.maxTaken = maxTaken
    }

    /// Encodes the consumption model.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reads, forKey: .reads)
        if !precedence.isEmpty { try container.encode(precedence, forKey: .precedence) }
        if !readings.isEmpty { try container.encode(readings, forKey: .readings) }
        if !crossItemRules.isEmpty { try container.encode(crossItemRules, forKey: .crossItemRules) }
        if !maxTaken.isEmpty {
            try container.encode(
                Dictionary(uniqueKeysWithValues: maxTaken.map { ($0.key.rawValue, $0.value) }), forKey: .maxTaken)
        }
    }
}
