extension UTType {
    /// The type `public.source-code` (source code).
    ///
    /// Conforms to `public.plain-text`.
    public static let sourceCode = UTType(builtIn: "public.source-code")

    /// The type `public.assembly-source` (assembly source code).
    ///
    /// Conforms to `public.source-code`.
    /// Tags: filename extensions `s`.
    public static let assemblyLanguageSource = UTType(builtIn: "public.assembly-source")

    /// The type `public.c-source` (C source code).
    ///
    /// Conforms to `public.source-code`.
    /// Tags: filename extensions `c`.
    public static let cSource = UTType(builtIn: "public.c-source")

    /// The type `public.objective-c-source` (Objective-C source code).
    ///
    /// Conforms to `public.source-code`.
    /// Tags: filename extensions `m`.
    public static let objectiveCSource = UTType(builtIn: "public.objective-c-source")

    /// The type `public.swift-source` (Swift Source Code).
    ///
    /// Conforms to `public.source-code`.
    /// Tags: filename extensions `swift`.
    public static let swiftSource = UTType(builtIn: "public.swift-source")

    /// The type `public.c-plus-plus-source` (C++ source code).
    ///
    /// Conforms to `public.source-code`.
    /// Tags: filename extensions `cp`, `cpp`, `c++`, `cc`, `cxx`.
    public static let cPlusPlusSource = UTType(builtIn: "public.c-plus-plus-source")

    /// The type `public.objective-c-plus-plus-source` (Objective-C++ source code).
    ///
    /// Conforms to `public.source-code`.
    /// Tags: filename extensions `mm`.
    public static let objectiveCPlusPlusSource = UTType(builtIn: "public.objective-c-plus-plus-source")

    /// The type `public.c-header` (C header code).
    ///
    /// Conforms to `public.source-code`.
    /// Tags: filename extensions `h`.
    public static let cHeader = UTType(builtIn: "public.c-header")

    /// The type `public.c-plus-plus-header` (C++ header code).
    ///
    /// Conforms to `public.source-code`.
    /// Tags: filename extensions `hh`, `hp`, `hpp`, `hxx`, `h++`, `ipp`.
    public static let cPlusPlusHeader = UTType(builtIn: "public.c-plus-plus-header")

    /// The type `public.script` (script).
    ///
    /// Conforms to `public.source-code`.
    public static let script = UTType(builtIn: "public.script")

    /// The type `com.apple.applescript.text` (AppleScript text).
    ///
    /// Conforms to `public.script`.
    /// Tags: filename extensions `applescript`.
    public static let appleScript = UTType(builtIn: "com.apple.applescript.text")

    /// The type `com.apple.applescript.script` (AppleScript).
    ///
    /// Conforms to `public.data`, `public.script`.
    /// Tags: filename extensions `scpt`.
    public static let osaScript = UTType(builtIn: "com.apple.applescript.script")

    /// The type `com.apple.applescript.script-bundle` (Script bundle).
    ///
    /// Conforms to `com.apple.bundle`, `com.apple.package`, `public.script`.
    /// Tags: filename extensions `scptd`.
    public static let osaScriptBundle = UTType(builtIn: "com.apple.applescript.script-bundle")

    /// The type `com.netscape.javascript-source` (JavaScript).
    ///
    /// Conforms to `public.script`, `public.executable`.
    /// Tags: filename extensions `js`, `jscript`, `javascript`, `mjs`; MIME types `text/javascript`.
    public static let javaScript = UTType(builtIn: "com.netscape.javascript-source")

    /// The type `public.shell-script` (shell script).
    ///
    /// Conforms to `public.script`.
    /// Tags: filename extensions `sh`.
    public static let shellScript = UTType(builtIn: "public.shell-script")

    /// The type `public.perl-script` (Perl script).
    ///
    /// Conforms to `public.shell-script`.
    /// Tags: filename extensions `pl`, `pm`; MIME types `text/x-perl-script`.
    public static let perlScript = UTType(builtIn: "public.perl-script")

    /// The type `public.python-script` (Python script).
    ///
    /// Conforms to `public.shell-script`.
    /// Tags: filename extensions `py`; MIME types `text/x-python-script`.
    public static let pythonScript = UTType(builtIn: "public.python-script")

    /// The type `public.ruby-script` (Ruby script).
    ///
    /// Conforms to `public.shell-script`.
    /// Tags: filename extensions `rb`, `rbw`; MIME types `text/x-ruby-script`.
    public static let rubyScript = UTType(builtIn: "public.ruby-script")

    /// The type `public.php-script` (PHP script).
    ///
    /// Conforms to `public.shell-script`.
    /// Tags: filename extensions `php`, `php3`, `php4`, `ph3`, `ph4`, `phtml`; MIME types `text/php`, `text/x-php-script`, `application/php`.
    public static let phpScript = UTType(builtIn: "public.php-script")

    /// The type `public.make-source` (Makefile).
    ///
    /// Conforms to `public.script`.
    /// Tags: filename extensions `make`, `mak`, `gmk`, `mk`.
    public static let makefile = UTType(builtIn: "public.make-source")
}
