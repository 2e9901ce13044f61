/// An `NSExtensionActivationRule` predicate, parsed as `NSPredicate(format:)` parses it and
/// evaluated as iOS evaluates it: against `{extensionItems: [{attachments:
/// [{registeredTypeIdentifiers: […]}]}]}`, literally.
///
/// The grammar is the part of Apple's *Predicate Format String Syntax* that activation rules use:
/// `AND`/`&&`, `OR`/`||`, `NOT`/`!`, parentheses, `TRUEPREDICATE`/`FALSEPREDICATE`, the aggregate
/// modifiers `ANY`/`SOME`/`ALL`/`NONE`, the comparisons `==`/`=`, `!=`/`<>`, `<`, `<=`/`=<`, `>`,
/// `>=`/`=>`, `UTI-CONFORMS-TO`, `UTI-EQUALS`, `IN`, `CONTAINS`, `BEGINSWITH`, `ENDSWITH`, key
/// paths with `@count`, `$variables`, `SUBQUERY(collection, $variable, predicate)`, numbers and
/// quoted strings. Keywords ignore case, as `NSPredicate`'s do.
///
/// Evaluation is literal, which is what iOS does and not always what the author meant:
/// `SUBQUERY(…).@count <= 2` is true when nothing matches (the count of an empty subquery is 0).
/// Such comparisons are recorded as ``Evaluation/warnings`` when they decide the result.
///
/// Nesting is bounded: parentheses, `NOT`, lists and `SUBQUERY`s deeper than ``maximumDepth``
/// are a ``SyntaxError`` (`nests more than 256 levels deep`), so that neither the parser, the
/// evaluator nor the tree's release recurses without end on hostile input. Chains — `a AND b AND
/// …`, `x.a.b.@count` — are flat lists in the tree, however long.
struct ExtensionPredicate: Sendable, Hashable {
    /// The deepest nesting read: far beyond any real activation rule, and shallow enough for the
    /// recursive parser and evaluator on any thread's stack.
    static let maximumDepth = 256

    /// The predicate as written.
    let format: String
    let root: Node

    /// A parse failure: where (the offset, in characters), and what was expected and found, or
    /// that the predicate nests too deep.
    struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        let offset: Int
        /// What is wrong: `expected …, found …`, or `nests more than 256 levels deep`.
        let message: String
        /// Whether the predicate nests deeper than ``ExtensionPredicate/maximumDepth``: hostile
        /// input rather than syntax this reader does not evaluate.
        let isTooDeep: Bool

        init(offset: Int, expected: String, found: String) {
            self.offset = offset
            message = "expected \(expected), found \(found)"
            isTooDeep = false
        }

        init(tooDeepAt offset: Int) {
            self.offset = offset
            message = "the predicate nests more than \(ExtensionPredicate.maximumDepth) levels deep"
            isTooDeep = true
        }

        var description: String { "at character \(offset + 1): \(message)" }
    }

    /// Parses `format`.
    ///
    /// - Throws: ``SyntaxError`` for text `NSPredicate(format:)` would not parse, or that uses a
    ///   part of the syntax this reader does not evaluate (it names the part).
    init(_ format: String) throws(SyntaxError) {
        self.format = format
        var parser = Parser(Array(format))
        root = try parser.parsePredicate()
        try parser.expectEnd()
    }

    // MARK: The tree

    indirect enum Node: Sendable, Hashable {
        case constant(Bool)
        case not(Node)
        /// Every operand, in order (`a AND b AND c`): a chain is one node, however long.
        case and([Node])
        case or([Node])
        case comparison(Comparison)
    }

    enum Modifier: String, Sendable, Hashable {
        case any = "ANY"
        case all = "ALL"
        case none = "NONE"
    }

    enum Operator: String, Sendable, Hashable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case conformsTo = "UTI-CONFORMS-TO"
        case utiEquals = "UTI-EQUALS"
        case `in` = "IN"
        case contains = "CONTAINS"
        case beginsWith = "BEGINSWITH"
        case endsWith = "ENDSWITH"
    }

    struct Comparison: Sendable, Hashable {
        let modifier: Modifier?
        let left: Expression
        let op: Operator
        let right: Expression
        /// The comparison as written, for traces.
        let text: String
    }

    indirect enum Expression: Sendable, Hashable {
        case number(Double)
        case string(String)
        case variable(String)
        /// `extensionItems`, the evaluated object's key.
        case key(String)
        /// `base.key.@count…`: the steps in order, a chain one node however long.
        case path(Expression, [PathStep])
        case subquery(collection: Expression, variable: String, predicate: Node, text: String)
        case list([Expression])
    }

    /// A step of a key path: a key, or `@count`.
    enum PathStep: Sendable, Hashable {
        case key(String)
        case count
    }

    // MARK: Evaluating

    /// What iOS sees of a share: its extension items, each with its attachments' registered type
    /// identifiers in order.
    struct Share: Sendable {
        var extensionItems: [[[String]]]
    }

    struct Evaluation: Sendable {
        var result: Bool
        /// Comparisons whose literal meaning decided the result where the author likely meant
        /// something else.
        var warnings: [String]
        /// A problem evaluating (a key the object does not have): iOS then does not offer the
        /// extension.
        var failure: String?
    }

    func evaluate(_ share: Share) -> Evaluation {
        var context = Context(share: share)
        do {
            let result = try context.evaluate(root)
            return Evaluation(result: result, warnings: result ? context.warnings : [], failure: nil)
        } catch {
            return Evaluation(result: false, warnings: [], failure: error.reason)
        }
    }

    /// A value as key-value coding gives it.
    indirect enum Value: Hashable {
        case null
        case number(Double)
        case string(String)
        case list([Value])
        case root
        case extensionItem(Int)
        case attachment(item: Int, index: Int)
    }

    struct EvaluationFailure: Error {
        let reason: String
    }

    struct Context {
        let share: Share
        var variables: [String: Value] = [:]
        var warnings: [String] = []

        init(share: Share) { self.share = share }

        mutating func evaluate(_ node: Node) throws(EvaluationFailure) -> Bool {
            switch node {
            case .constant(let value): return value
            case .not(let inner): return try !evaluate(inner)
            case .and(let operands):
                for operand in operands where try !evaluate(operand) { return false }
                return true
            case .or(let operands):
                for operand in operands where try evaluate(operand) { return true }
                return false
            case .comparison(let comparison): return try compare(comparison)
            }
        }

        mutating func compare(_ comparison: Comparison) throws(EvaluationFailure) -> Bool {
            let left = try value(of: comparison.left)
            let right = try value(of: comparison.right)
            guard let modifier = comparison.modifier else {
                let result = Self.compare(left, comparison.op, right)
                if result, comparison.left.isSubqueryCount,
                    case .number(let count) = left, count == 0, case .number(let limit) = right, limit >= 1,
                    [.less, .lessOrEqual].contains(comparison.op)
                {
                    warnings.append(
                        "\(comparison.text) is true when nothing matches (the count of an empty SUBQUERY is 0): "
                            + "iOS offers the extension for a share with none of those types; "
                            + "the author likely meant between 1 and \(Int(limit))")
                }
                return result
            }
            guard case .list(let elements) = left else {
                throw EvaluationFailure(
                    reason: "\(modifier.rawValue) needs a collection on its left in \(comparison.text)")
            }
            switch modifier {
            case .any: return elements.contains { Self.compare($0, comparison.op, right) }
            case .all: return elements.allSatisfy { Self.compare($0, comparison.op, right) }
            case .none: return !elements.contains { Self.compare($0, comparison.op, right) }
            }
        }

        static func compare(_ left: Value, _ op: Operator, _ right: Value) -> Bool {
            switch (op, left, right) {
            case (.equal, _, _): return left == right
            case (.notEqual, _, _): return left != right
            case (.less, .number(let a), .number(let b)): return a < b
            case (.lessOrEqual, .number(let a), .number(let b)): return a <= b
            case (.greater, .number(let a), .number(let b)): return a > b
            case (.greaterOrEqual, .number(let a), .number(let b)): return a >= b
            case (.conformsTo, .string(let type), .string(let parent)):
                // UTTypeConformsTo: the type's place in the tree, or the same identifier.
                if type.lowercased() == parent.lowercased() { return true }
                guard let child = UTType(type), let ancestor = UTType(parent) else { return false }
                return child.conforms(to: ancestor)
            case (.utiEquals, .string(let a), .string(let b)): return a.lowercased() == b.lowercased()
            case (.in, _, .list(let elements)): return elements.contains(left)
            case (.in, .string(let a), .string(let b)): return b.contains(a)
            case (.contains, .list(let elements), _): return elements.contains(right)
            case (.contains, .string(let a), .string(let b)): return a.contains(b)
            case (.beginsWith, .string(let a), .string(let b)): return a.hasPrefix(b)
            case (.endsWith, .string(let a), .string(let b)): return a.hasSuffix(b)
            default: return false
            }
        }

        mutating func value(of expression: Expression) throws(EvaluationFailure) -> Value {
            switch expression {
            case .number(let number): return .number(number)
            case .string(let string): return .string(string)
            case .list(let elements):
                var values: [Value] = []
                for element in elements { values.append(try value(of: element)) }
                return .list(values)
            case .variable(let name):
                guard let bound = variables[name] else {
                    throw EvaluationFailure(reason: "$\(name) is not bound by an enclosing SUBQUERY")
                }
                return bound
            case .key(let key): return try self.value(of: .root, key: key)
            case .path(let base, let steps):
                var current = try value(of: base)
                for step in steps {
                    switch step {
                    case .key(let key):
                        current = try self.value(of: current, key: key)
                    case .count:
                        guard case .list(let elements) = current else {
                            throw EvaluationFailure(reason: "@count of a value that is not a collection")
                        }
                        current = .number(Double(elements.count))
                    }
                }
                return current
            case .subquery(let collection, let variable, let predicate, _):
                guard case .list(let elements) = try value(of: collection) else {
                    throw EvaluationFailure(reason: "SUBQUERY over a value that is not a collection")
                }
                let saved = variables[variable]
                defer { variables[variable] = saved }
                var kept: [Value] = []
                for element in elements {
                    variables[variable] = element
                    if try evaluate(predicate) { kept.append(element) }
                }
                return .list(kept)
            }
        }

        /// Key-value coding: a collection answers a key with each element's value. Values are as
        /// deep as the share (items, attachments, types) and the lists the predicate writes,
        /// which the parser bounds.
        func value(of object: Value, key: String) throws(EvaluationFailure) -> Value {
            switch object {
            case .list(let elements):
                var values: [Value] = []
                for element in elements { values.append(try value(of: element, key: key)) }
                return .list(values)
            case .root where key == "extensionItems":
                return .list(share.extensionItems.indices.map { .extensionItem($0) })
            case .extensionItem(let item) where key == "attachments":
                return .list(share.extensionItems[item].indices.map { .attachment(item: item, index: $0) })
            case .extensionItem where ["attributedTitle", "attributedContentText", "userInfo"].contains(key):
                return .null
            case .attachment(let item, let index) where key == "registeredTypeIdentifiers":
                return .list(share.extensionItems[item][index].map { .string($0) })
            case .null:
                return .null
            default:
                throw EvaluationFailure(reason: "the evaluated object has no key '\(key)'")
            }
        }
    }

    // MARK: Parsing

    struct Parser {
        let characters: [Character]
        var position = 0
        /// How deep the parse is: parentheses, `NOT`s, lists and `SUBQUERY`s open here.
        var depth = 0

        init(_ characters: [Character]) { self.characters = characters }

        mutating func skipSpaces() {
            while position < characters.count, characters[position].isWhitespace { position += 1 }
        }

        var found: String {
            guard position < characters.count else { return "the end" }
            return "'" + String(characters[position..<min(characters.count, position + 16)]) + "'"
        }

        func failure(_ expected: String) -> SyntaxError {
            SyntaxError(offset: position, expected: expected, found: found)
        }

        /// Parses one level deeper: a ``SyntaxError`` past ``ExtensionPredicate/maximumDepth``,
        /// before the parser, or later the evaluator, recurses any further.
        mutating func nested<Result>(_ parse: (inout Parser) throws(SyntaxError) -> Result) throws(SyntaxError)
            -> Result
        {
            guard depth < ExtensionPredicate.maximumDepth else { throw SyntaxError(tooDeepAt: position) }
            depth += 1
            defer { depth -= 1 }
            return try parse(&self)
        }

        mutating func expectEnd() throws(SyntaxError) {
            skipSpaces()
            guard position == characters.count else { throw failure("the end of the predicate") }
        }

        /// The word at the cursor (letters, digits, `_`; `UTI-` words with their hyphens), without
        /// moving.
        func peekWord() -> String? {
            var index = position
            while index < characters.count,
                characters[index].isLetter || characters[index].isNumber
                    || characters[index] == "_"
            {
                index += 1
            }
            guard index > position, characters[position].isLetter || characters[position] == "_" else { return nil }
            var word = String(characters[position..<index])
            if word.uppercased() == "UTI" {
                while index < characters.count, characters[index] == "-" || characters[index].isLetter {
                    word.append(characters[index])
                    index += 1
                }
            }
            return word
        }

        mutating func takeKeyword(_ keyword: String) -> Bool {
            skipSpaces()
            guard let word = peekWord(), word.uppercased() == keyword else { return false }
            position += word.count
            return true
        }

        mutating func take(_ symbol: String) -> Bool {
            skipSpaces()
            let symbolCharacters = Array(symbol)
            guard position + symbolCharacters.count <= characters.count,
                Array(characters[position..<(position + symbolCharacters.count)]) == symbolCharacters
            else { return false }
            position += symbolCharacters.count
            return true
        }

        mutating func parsePredicate() throws(SyntaxError) -> Node {
            var operands = [try parseAnd()]
            while take("||") || takeKeyword("OR") { operands.append(try parseAnd()) }
            return operands.count == 1 ? operands[0] : .or(operands)
        }

        mutating func parseAnd() throws(SyntaxError) -> Node {
            var operands = [try parseNot()]
            while take("&&") || takeKeyword("AND") { operands.append(try parseNot()) }
            return operands.count == 1 ? operands[0] : .and(operands)
        }

        mutating func parseNot() throws(SyntaxError) -> Node {
            skipSpaces()
            if position + 1 < characters.count, characters[position] == "!", characters[position + 1] != "=" {
                position += 1
                return .not(try nested { (parser) throws(SyntaxError) in try parser.parseNot() })
            }
            if takeKeyword("NOT") { return .not(try nested { (parser) throws(SyntaxError) in try parser.parseNot() }) }
            return try parsePrimary()
        }

        mutating func parsePrimary() throws(SyntaxError) -> Node {
            skipSpaces()
            if take("(") {
                let node = try nested { (parser) throws(SyntaxError) in try parser.parsePredicate() }
                guard take(")") else { throw failure("')'") }
                return node
            }
            if takeKeyword("TRUEPREDICATE") { return .constant(true) }
            if takeKeyword("FALSEPREDICATE") { return .constant(false) }
            return .comparison(try parseComparison())
        }

        mutating func parseComparison() throws(SyntaxError) -> Comparison {
            skipSpaces()
            let start = position
            var modifier: Modifier?
            if takeKeyword("ANY") || takeKeyword("SOME") {
                modifier = .any
            } else if takeKeyword("ALL") {
                modifier = .all
            } else if takeKeyword("NONE") {
                modifier = Modifier.none
            }
            let left = try parseExpression()
            let op = try parseOperator()
            let right = try parseExpression()
            var end = position
            while end > start, characters[end - 1].isWhitespace { end -= 1 }
            let text = String(characters[start..<end])
            return Comparison(modifier: modifier, left: left, op: op, right: right, text: text)
        }

        mutating func parseOperator() throws(SyntaxError) -> Operator {
            skipSpaces()
            let symbols: [(String, Operator)] = [
                ("==", .equal), ("!=", .notEqual), ("<>", .notEqual), ("<=", .lessOrEqual), ("=<", .lessOrEqual),
                (">=", .greaterOrEqual), ("=>", .greaterOrEqual), ("=", .equal), ("<", .less), (">", .greater),
            ]
            for (symbol, op) in symbols where take(symbol) { return op }
            let words: [(String, Operator)] = [
                ("UTI-CONFORMS-TO", .conformsTo), ("UTI-EQUALS", .utiEquals), ("IN", .in), ("CONTAINS", .contains),
                ("BEGINSWITH", .beginsWith), ("ENDSWITH", .endsWith),
            ]
            for (word, op) in words where takeKeyword(word) { return op }
            if let word = peekWord(), ["LIKE", "MATCHES", "BETWEEN"].contains(word.uppercased()) {
                throw failure("an operator activation rules use (\(word.uppercased()) is not evaluated here)")
            }
            throw failure("a comparison operator (==, <=, UTI-CONFORMS-TO, …)")
        }

        mutating func parseExpression() throws(SyntaxError) -> Expression {
            let base = try parseTerm()
            var steps: [PathStep] = []
            while true {
                skipSpaces()
                guard position < characters.count, characters[position] == "." else { break }
                position += 1
                if take("@") {
                    guard takeKeyword("COUNT") else { throw failure("@count") }
                    steps.append(.count)
                    continue
                }
                guard let word = peekWord() else { throw failure("a key after '.'") }
                position += word.count
                steps.append(.key(word))
            }
            return steps.isEmpty ? base : .path(base, steps)
        }

        mutating func parseTerm() throws(SyntaxError) -> Expression {
            skipSpaces()
            guard position < characters.count else { throw failure("a value") }
            let character = characters[position]
            if character == "\"" || character == "'" { return .string(try parseString(quote: character)) }
            if character == "$" {
                position += 1
                guard let word = peekWord() else { throw failure("a variable name after '$'") }
                position += word.count
                return .variable(word)
            }
            if character == "{" {
                position += 1
                return try nested { (parser) throws(SyntaxError) in
                    var elements: [Expression] = []
                    if !parser.take("}") {
                        repeat { elements.append(try parser.parseExpression()) } while parser.take(",")
                        guard parser.take("}") else { throw parser.failure("'}'") }
                    }
                    return .list(elements)
                }
            }
            if character.isNumber
                || (character == "-" && position + 1 < characters.count
                    && characters[position + 1].isNumber)
            {
                var end = position + 1
                while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
                guard let number = Double(String(characters[position..<end])) else { throw failure("a number") }
                position = end
                return .number(number)
            }
            let start = position
            if takeKeyword("SUBQUERY") {
                return try nested { (parser) throws(SyntaxError) in
                    guard parser.take("(") else { throw parser.failure("'(' after SUBQUERY") }
                    let collection = try parser.parseExpression()
                    guard parser.take(",") else { throw parser.failure("',' after SUBQUERY's collection") }
                    parser.skipSpaces()
                    guard parser.take("$"), let variable = parser.peekWord() else {
                        throw parser.failure("a $variable in SUBQUERY")
                    }
                    parser.position += variable.count
                    guard parser.take(",") else { throw parser.failure("',' after SUBQUERY's variable") }
                    let predicate = try parser.parsePredicate()
                    guard parser.take(")") else { throw parser.failure("')' closing SUBQUERY") }
                    let text = String(parser.characters[start..<parser.position])
                    return .subquery(collection: collection, variable: variable, predicate: predicate, text: text)
                }
            }
            if let word = peekWord() {
                position += word.count
                return .key(word)
            }
            throw failure("a key path, $variable, SUBQUERY, number or string")
        }

        mutating func parseString(quote: Character) throws(SyntaxError) -> String {
            position += 1
            var text = ""
            while position < characters.count, characters[position] != quote {
                if characters[position] == "\\", position + 1 < characters.count { position += 1 }
                text.append(characters[position])
                position += 1
            }
            guard position < characters.count else { throw failure("a closing \(quote)") }
            position += 1
            return text
        }
    }

    /// Comparisons of a SUBQUERY's count that are true when the subquery matches nothing
    /// (`< N`, `<= N` with N ≥ 1): likely meant as "1 to N", read by iOS as "at most N".
    var zeroInclusiveCounts: [String] {
        var found: [String] = []
        func visit(_ node: Node) {
            switch node {
            case .constant: break
            case .not(let inner): visit(inner)
            case .and(let operands), .or(let operands): operands.forEach(visit)
            case .comparison(let comparison):
                if comparison.left.isSubqueryCount, case .number(let limit) = comparison.right, limit >= 1,
                    [.less, .lessOrEqual].contains(comparison.op)
                {
                    found.append(comparison.text)
                }
                visit(expression: comparison.left)
                visit(expression: comparison.right)
            }
        }
        func visit(expression: Expression) {
            switch expression {
            case .subquery(let collection, _, let predicate, _):
                visit(expression: collection)
                visit(predicate)
            case .path(let base, _): visit(expression: base)
            case .list(let elements): elements.forEach(visit(expression:))
            default: break
            }
        }
        visit(root)
        return found
    }
}

extension ExtensionPredicate.Expression {
    /// Whether this is `SUBQUERY(…).@count`.
    var isSubqueryCount: Bool {
        if case .path(.subquery, let steps) = self, steps == [.count] { return true }
        return false
    }
}
