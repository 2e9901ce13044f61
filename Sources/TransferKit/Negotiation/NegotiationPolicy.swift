/// How acceptable candidates are ranked: by the sender's order, the receiver's, or both.
///
/// Whatever the policy, exclusions come first (a weight of 0 from the most specific matching rule,
/// a form the rule does not take, a known failure of the receiver), and an explicit match always
/// ranks above a wildcard match. Then:
///
/// - ``senderOrder`` (the default, Apple's rule): the sender's representation order, then its form
///   order.
/// - ``receiverPreference``: the receiver's weight (HTTP q-values), then the match's specificity
///   (exact before nearer ancestor before farther), then the receiver's rule order, then the
///   sender's order. This is how HTTP content negotiation and a paste button choose.
/// - ``product``: weight × sender rank, where the sender's *n* representations rank 1, (n−1)/n, …
///   1/n; ties as for receiver preference.
///
/// Remaining ties fall to the sender's representation order, then its form order, so the result is
/// always deterministic.
///
/// `NegotiationPolicy` is `Sendable`.
public struct NegotiationPolicy: NamedValue, Codable,
    CaseIterable
{
    /// The policy's name: `sender`, `receiver` or `product`.
    public let rawValue: String

    private init(unchecked name: String) { rawValue = name }

    /// The sender's order decides: the first representation the receiver accepts wins.
    public static let senderOrder = NegotiationPolicy(unchecked: "sender")
    /// The receiver's weights decide.
    public static let receiverPreference = NegotiationPolicy(unchecked: "receiver")
    /// Weight × sender rank decides.
    public static let product = NegotiationPolicy(unchecked: "product")

    /// Every policy, in the order above.
    public static let allCases: [NegotiationPolicy] = [.senderOrder, .receiverPreference, .product]

}
