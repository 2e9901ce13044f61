// The built-in declarations for source code and scripts.
//
// Transcribed from Apple's CoreTypes declarations (identifiers, parents in declaration order, tags with the
// preferred tag first, English descriptions); see Docs/ContentTypes.md for the sources and their gaps.

extension TypeTable {
    static let sourceCodeDeclarations: [BuiltInDeclaration] = [
        .exported("public.source-code", ["public.plain-text"], "source code"),
        .exported("public.source-code.preprocessed", ["public.source-code"], "preprocessed source code"),
        .exported("public.c-source", ["public.source-code"], extensions: ["c"], "C source code"),
        .exported(
            "public.c-source.preprocessed", ["public.c-source", "public.source-code.preprocessed"], extensions: ["i"],
            "preprocessed C source code"),
        .exported(
            "com.apple.iig-source", ["public.c-source"], extensions: ["iig"], "IOKit Interface Generator source code"),
        .exported("public.objective-c-source", ["public.source-code"], extensions: ["m"], "Objective-C source code"),
        .exported(
            "public.objective-c-source.preprocessed", ["public.objective-c-source", "public.source-code.preprocessed"],
            extensions: ["mi"], "preprocessed Objective-C source code"),
        .exported(
            "public.c-plus-plus-source", ["public.source-code"], extensions: ["cp", "cpp", "c++", "cc", "cxx"],
            "C++ source code"),
        .exported(
            "public.c-plus-plus-source.preprocessed", ["public.c-plus-plus-source", "public.source-code.preprocessed"],
            extensions: ["ii"], "preprocessed C++ source code"),
        .exported(
            "public.objective-c-plus-plus-source", ["public.source-code"], extensions: ["mm"],
            "Objective-C++ source code"),
        .exported(
            "public.objective-c-plus-plus-source.preprocessed",
            ["public.objective-c-plus-plus-source", "public.source-code.preprocessed"], extensions: ["mii"],
            "preprocessed Objective-C++ source code"),
        .exported("public.c-header", ["public.source-code"], extensions: ["h"], "C header code"),
        .exported("public.precompiled-c-header", ["public.source-code"], extensions: ["pch"], "precompiled C header"),
        .exported(
            "public.c-plus-plus-header", ["public.source-code"], extensions: ["hh", "hp", "hpp", "hxx", "h++", "ipp"],
            "C++ header code"),
        .exported(
            "public.c-plus-plus-inline-header", ["public.c-plus-plus-header"], extensions: ["inl"], "C++ Inline Header"),
        .exported(
            "public.precompiled-c-plus-plus-header", ["public.source-code"], extensions: ["pch++"],
            "precompiled C++ header"),
        .exported("public.swift-source", ["public.source-code"], extensions: ["swift"], "Swift Source Code"),
        .exported("com.sun.java-source", ["public.source-code"], extensions: ["java", "jav"], "Java source code"),
        .exported("public.script", ["public.source-code"], "script"),
        .exported("public.assembly-source", ["public.source-code"], extensions: ["s"], "assembly source code"),
        .exported("com.apple.rez-source", ["public.source-code"], extensions: ["r"], "Rez source code"),
        .exported(
            "public.lex-source", ["public.source-code"], extensions: ["l", "lm", "lmm", "lpp", "lxx", "ll"],
            "Lex source code"),
        .exported(
            "public.yacc-source", ["public.source-code"], extensions: ["y", "ym", "ymm", "ypp", "yxx", "yy"],
            "Yacc source code"),
        .exported(
            "public.mig-source", ["public.source-code"], extensions: ["defs", "mig"], "Mig definition source code"),
        .exported("com.apple.symbol-export", ["public.source-code"], extensions: ["exp"], "symbol export list"),
        .exported("public.fortran-source", ["public.source-code"], extensions: ["f", "for"], "Fortran source code"),
        .exported("public.fortran-77-source", ["public.fortran-source"], extensions: ["f77"]),
        .exported("public.fortran-90-source", ["public.fortran-source"], extensions: ["f90"]),
        .exported("public.fortran-95-source", ["public.fortran-source"], extensions: ["f95"]),
        .exported("public.pascal-source", ["public.source-code"], extensions: ["pas"], "Pascal source code"),
        .exported("public.ada-source", ["public.source-code"], extensions: ["ada", "adb", "ads"], "Ada source code"),
        .exported("public.dylan-source", ["public.source-code"], extensions: ["dlyan", "lid"], "Dylan source code"),
        .exported(
            "com.netscape.javascript-source", ["public.script", "public.executable"],
            extensions: ["js", "jscript", "javascript", "mjs"], mimeTypes: ["text/javascript"], "JavaScript"),
        .exported("public.shell-script", ["public.script"], extensions: ["sh"], "shell script"),
        .exported("public.bash-script", ["public.shell-script"], extensions: ["bash"], "Bourne-Again Shell script"),
        .exported("public.csh-script", ["public.shell-script"], extensions: ["csh"], "C Shell script"),
        .exported("public.ksh-script", ["public.shell-script"], extensions: ["ksh"], "Korn Shell script"),
        .exported("public.tcsh-script", ["public.shell-script"], extensions: ["tcsh"], "Tenex C Shell script"),
        .exported("public.zsh-script", ["public.shell-script"], extensions: ["zsh"], "Z Shell script"),
        .exported(
            "public.perl-script", ["public.shell-script"], extensions: ["pl", "pm"], mimeTypes: ["text/x-perl-script"],
            "Perl script"),
        .exported(
            "public.python-script", ["public.shell-script"], extensions: ["py"], mimeTypes: ["text/x-python-script"],
            "Python script"),
        .exported(
            "public.ruby-script", ["public.shell-script"], extensions: ["rb", "rbw"], mimeTypes: ["text/x-ruby-script"],
            "Ruby script"),
        .exported(
            "public.php-script", ["public.shell-script"], extensions: ["php", "php3", "php4", "ph3", "ph4", "phtml"],
            mimeTypes: ["text/php", "text/x-php-script", "application/php"], "PHP script"),
        .exported("public.make-source", ["public.script"], extensions: ["make", "mak", "gmk", "mk"], "Makefile"),
        .exported("com.apple.applescript.text", ["public.script"], extensions: ["applescript"], "AppleScript text"),
        .exported(
            "com.apple.applescript.script", ["public.data", "public.script"], extensions: ["scpt"], "AppleScript"),
        .exported(
            "com.apple.applescript.script-bundle", ["com.apple.bundle", "com.apple.package", "public.script"],
            extensions: ["scptd"], "Script bundle"),
    ]
}
