/// Who may see a representation in transit.
///
/// The levels are ordered from the widest audience to the narrowest: ``all``, ``team``, ``group``,
/// ``ownProcess``. A query at a level sees the representations whose visibility is that level or
/// wider: asking for `.ownProcess` (the app itself) sees everything, asking for `.all` (any app)
/// sees only the representations visible to all. Apple does not document the order; this is the
/// reading of its `NSItemProviderRepresentationVisibility` counterparts.
///
/// `TransferRepresentationVisibility` is `Sendable`.
public struct TransferRepresentationVisibility: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    private enum Level: Int, Sendable, Hashable {
        case all = 0
        case team = 1
        case group = 2
        case ownProcess = 3
    }

    private let level: Level
    private init(_ level: Level) { self.level = level }

    /// Visible to any process.
    public static let all = TransferRepresentationVisibility(.all)
    /// Visible to apps from the same development team.
    public static let team = TransferRepresentationVisibility(.team)
    /// Visible to apps in the same app group.
    public static let group = TransferRepresentationVisibility(.group)
    /// Visible only to the process that created it.
    public static let ownProcess = TransferRepresentationVisibility(.ownProcess)

    /// Whether `lhs` is a wider audience than `rhs`.
    public static func < (lhs: TransferRepresentationVisibility, rhs: TransferRepresentationVisibility) -> Bool {
        lhs.level.rawValue < rhs.level.rawValue
    }

    /// Whether a representation with this visibility may be shown to an audience at `level`.
    ///
    /// - Parameter level: The audience asking.
    /// - Returns: `true` when this visibility is `level` or a wider one.
    public func isVisible(at level: TransferRepresentationVisibility) -> Bool {
        self <= level
    }

    /// Creates a visibility from its name: `all`, `team`, `group` or `ownProcess`.
    ///
    /// - Parameter name: The name.
    public init?(_ name: String) {
        switch name {
        case "all": self = .all
        case "team": self = .team
        case "group": self = .group
        case "ownProcess": self = .ownProcess
        default: return nil
        }
    }

    /// Decodes a visibility from its name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let visibility = Self(name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected all, team, group or ownProcess, found '\(name)'")
        }
        self = visibility
    }

    /// Encodes the visibility as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// `all`, `team`, `group` or `ownProcess`.
    public var description: String {
        switch level {
        case .all: "all"
        case .team: "team"
        case .group: "group"
        case .ownProcess: "ownProcess"
        }
    }
}
