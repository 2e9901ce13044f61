/// The atoms a connection has interned or named, both ways: an atom's name never changes while
/// the server runs, so each is asked for once.
struct X11AtomCache {
    private var atomsByName: [String: X11Atom] = [:]
    private var namesByAtom: [X11Atom: String] = [:]

    /// The atom named `name`, if known.
    func atom(named name: String) -> X11Atom? {
        atomsByName[name]
    }

    /// The name of `atom`, if known.
    func name(of atom: X11Atom) -> String? {
        namesByAtom[atom]
    }

    /// Records that `atom` is named `name`, from an `InternAtom` or `GetAtomName` reply.
    mutating func record(_ atom: X11Atom, named name: String) {
        atomsByName[name] = atom
        namesByAtom[atom] = name
    }
}
