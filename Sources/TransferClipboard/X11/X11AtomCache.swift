/// The atoms a connection has interned or named, both ways: an atom's name never changes while
/// the server runs, so each is asked for once.
struct X11AtomCache {
    private var atomsByName: [String: UInt32] = [:]
    private var namesByAtom: [UInt32: String] = [:]

    /// The atom named `name`, if known.
    func atom(named name: String) -> UInt32? {
        atomsByName[name]
    }

    /// The name of `atom`, if known.
    func name(of atom: UInt32) -> String? {
        namesByAtom[atom]
    }

    /// Records that `atom` is named `name`, from an `InternAtom` or `GetAtomName` reply.
    mutating func record(_ atom: UInt32, named name: String) {
        atomsByName[name] = atom
        namesByAtom[atom] = name
    }
}
