// The built-in declarations for audio, video and playlists.
//
// Transcribed from Apple's CoreTypes declarations (identifiers, parents in declaration order, tags with the
// preferred tag first, English descriptions); see Docs/ContentTypes.md for the sources and their gaps.

extension TypeTable {
    static let audioVisualDeclarations: [BuiltInDeclaration] = [
        .exported("public.audiovisual-content", ["public.data", "public.content"], "audiovisual content"),
        .exported("public.movie", ["public.audiovisual-content"], "movie"),
        .exported("public.video", ["public.movie"], "video"),
        .exported("public.audio", ["public.audiovisual-content"], "audio"),
        .exported(
            "com.apple.quicktime-movie", ["public.movie"], extensions: ["mov", "qt"], mimeTypes: ["video/quicktime"],
            "QuickTime movie"),
        .exported(
            "public.mpeg", ["public.movie"], extensions: ["mpg", "mpeg", "mpe", "m75", "m15"],
            mimeTypes: ["video/mpeg", "video/mpg", "video/x-mpeg", "video/x-mpg"], "MPEG movie"),
        .exported(
            "public.mpeg-2-video", ["public.video"], extensions: ["m2v"],
            mimeTypes: ["video/mpeg2", "video/mpeg2-video"], "MPEG-2 video"),
        .exported(
            "public.mpeg-4", ["public.movie"], extensions: ["mp4", "mpg4"], mimeTypes: ["video/mp4", "video/mp4v-es"],
            "MPEG-4 movie"),
        .exported(
            "com.apple.m4v-video", ["public.mpeg-4"], extensions: ["m4v"], mimeTypes: ["video/x-m4v"],
            "Apple MPEG-4 movie"),
        .exported("com.apple.protected-mpeg-4-video", ["com.apple.m4v-video"], "protected MPEG-4 movie"),
        .exported(
            "public.dv-movie", ["public.movie"], extensions: ["dv", "dif"], mimeTypes: ["video/x-dv"], "DV movie"),
        .exported(
            "public.avi", ["public.movie"], extensions: ["avi", "vfw"],
            mimeTypes: ["video/avi", "video/msvideo", "video/x-msvideo"], "AVI movie"),
        .exported(
            "public.3gpp", ["public.movie"], extensions: ["3gp", "3gpp", "sdv"],
            mimeTypes: ["video/3gpp", "audio/3gpp"], "3GPP movie"),
        .exported(
            "public.3gpp2", ["public.movie"], extensions: ["3g2", "3gp2"], mimeTypes: ["video/3gpp2", "audio/3gpp2"],
            "3GPP2 movie"),
        .exported(
            "public.flc-animation", ["public.movie"], extensions: ["flc", "fli", "cel"], mimeTypes: ["video/flc"],
            "FLC animation"),
        .exported("public.mpeg-2-transport-stream", ["public.movie"], extensions: ["ts"], "MPEG-2 Transport Stream"),
        .exported("public.mp2", ["public.audio"], extensions: ["mp2"], "MP2 audio"),
        .exported(
            "public.mp3", ["public.audio"], extensions: ["mp3", "mpga"],
            mimeTypes: [
                "audio/mpeg", "audio/mpeg3", "audio/mpg", "audio/mp3", "audio/x-mpeg", "audio/x-mpeg3", "audio/x-mpg",
                "audio/x-mp3",
            ], "MP3 audio"),
        .exported(
            "public.mpeg-4-audio", ["public.audio", "public.mpeg-4"], extensions: ["mp4", "mpg4"],
            mimeTypes: ["audio/mp4", "audio/mp4a-latm"], "MPEG-4 audio"),
        .exported(
            "com.apple.m4a-audio", ["public.mpeg-4-audio"], extensions: ["m4a"], mimeTypes: ["audio/x-m4a"],
            "Apple MPEG-4 audio"),
        .exported(
            "com.apple.mpeg-4-ringtone", ["public.mpeg-4-audio"], extensions: ["m4r"], mimeTypes: ["audio/x-m4r"],
            "Ringtone"),
        .exported("com.apple.protected-mpeg-4-audio", ["public.audio"], extensions: ["m4p"], "protected MPEG-4 audio"),
        .exported(
            "com.apple.protected-mpeg-4-audio-b", ["com.apple.protected-mpeg-4-audio"], extensions: ["m4b"],
            "protected MPEG-4 audio"),
        .exported("public.ulaw-audio", ["public.audio"], extensions: ["ul", "ulw", "ulaw"], "uLaw audio"),
        .exported(
            "public.au-audio", ["public.audio"], extensions: ["au", "snd"], mimeTypes: ["audio/basic"], "AU audio"),
        .exported("public.aifc-audio", ["public.audio"], extensions: ["aifc"], "AIFF-C audio"),
        .exported(
            "public.aiff-audio", ["public.aifc-audio"], extensions: ["aiff", "aif"],
            mimeTypes: ["audio/aiff", "audio/x-aiff"], "AIFF audio"),
        .exported("public.cdda-audio", ["public.aifc-audio"], extensions: ["cdda"], "CDDA audio"),
        .exported(
            "public.midi-audio", ["public.audio"], extensions: ["midi", "mid", "smf", "kar"],
            mimeTypes: ["audio/midi", "audio/x-midi"], "MIDI audio"),
        .exported(
            "public.downloadable-sound", ["public.audio"], extensions: ["dls"], mimeTypes: ["audio/dls"],
            "downloadable sound"),
        .exported("com.apple.coreaudio-format", ["public.audio"], extensions: ["caf"], "Apple CoreAudio format"),
        .exported("public.ac3-audio", ["public.audio"], extensions: ["ac3"], mimeTypes: ["audio/ac3"], "AC-3 audio"),
        .exported(
            "public.enhanced-ac3-audio", ["public.audio"], extensions: ["eac3", "ec3"], mimeTypes: ["audio/eac3"],
            "Enhanced AC-3 audio"),
        .exported(
            "org.3gpp.adaptive-multi-rate-audio", ["public.audio"], extensions: ["amr"], mimeTypes: ["audio/amr"],
            "Adaptive Multi-rate audio"),
        .exported(
            "public.aac-audio", ["public.audio"], extensions: ["aac", "adts"], mimeTypes: ["audio/aac", "audio/x-aac"],
            "AAC audio"),
        .exported("com.audible.aa-audio", ["public.audio"], "Audible.com Audio"),
        .exported(
            "com.audible.aa-audiobook", ["com.audible.aa-audio"], extensions: ["aa"],
            mimeTypes: ["audio/audible", "audio/x-pn-audibleaudio", "audio/x-audible"], "Audible.com Audiobook"),
        .exported(
            "com.audible.aax-audiobook", ["com.audible.aa-audio"], extensions: ["aax"],
            mimeTypes: ["audio/vnd.audible.aax"], "Audible.com Audiobook"),
        .exported("com.sony.wave64", ["public.audio"], extensions: ["w64"], "Wave64 Audio"),
        .imported(
            "org.webmproject.webm", ["public.movie"], extensions: ["webm"], mimeTypes: ["video/webm", "audio/webm"],
            "WebM Media"),
        .imported(
            "com.apple.garageband.project", ["com.apple.package", "public.audiovisual-content"],
            extensions: ["band", "gbProj"], "GarageBand Project"),
        .imported("com.digidesign.sd2-audio", ["public.audio"], extensions: ["sd2"], "Sound Designer II audio"),
        .imported(
            "com.microsoft.waveform-audio", ["public.audio"], extensions: ["wav", "wave", "bwf"],
            mimeTypes: ["audio/vnd.wave", "audio/wav", "audio/wave", "audio/x-wav"], "Waveform audio"),
        .imported(
            "com.microsoft.advanced-systems-format", ["public.audiovisual-content"], extensions: ["asf"],
            mimeTypes: ["video/x-ms-asf"], "Microsoft Advanced Systems Format"),
        .imported(
            "com.microsoft.windows-media-wm", ["public.movie", "com.microsoft.advanced-systems-format"],
            extensions: ["wm"], mimeTypes: ["video/x-ms-wm"], "Windows media"),
        .imported(
            "com.microsoft.windows-media-wmv", ["public.movie", "com.microsoft.advanced-systems-format"],
            extensions: ["wmv"], mimeTypes: ["video/x-ms-wmv"], "Windows media"),
        .imported(
            "com.microsoft.windows-media-wmp", ["public.movie", "com.microsoft.advanced-systems-format"],
            extensions: ["wmp"], mimeTypes: ["video/x-ms-wmp"], "Windows media"),
        .imported(
            "com.microsoft.windows-media-wma", ["public.audio", "com.microsoft.advanced-systems-format"],
            extensions: ["wma"], mimeTypes: ["video/x-ms-wma"], "Windows media audio"),
        .imported(
            "com.real.realmedia", ["public.movie"], extensions: ["rm"], mimeTypes: ["application/vnd.rn-realmedia"],
            "RealMedia"),
        .imported(
            "com.real.realmedia-vbr", ["public.movie"], extensions: ["rmvb"],
            mimeTypes: ["application/vnd.rn-realmedia-vbr"], "RealMedia Variable Bitrate"),
        .imported(
            "org.smpte.mxf", ["public.movie"], extensions: ["mxf"], mimeTypes: ["application/mxf"],
            "Material eXchange Format"),
        .imported(
            "com.real.realaudio", ["public.audio"], extensions: ["ram", "ra"],
            mimeTypes: ["audio/vnd.rn-realaudio", "audio/x-pn-realaudio", "audio/x-realaudio"], "RealMedia Audio"),
        .imported("com.soundblaster.soundfont", ["public.audio"], extensions: ["sf2"], "SoundFont audio"),
        .imported("org.xiph.flac", ["public.audio"], extensions: ["flac"], mimeTypes: ["audio/flac"], "FLAC audio"),
        .imported(
            "com.avid.open-media-framework", ["public.audiovisual-content"], extensions: ["omf"],
            "Open Media Framework interchange format"),
        .imported(
            "public.mp4a-loas", ["public.audio"], extensions: ["loas", "latm"], "Low Overhead MPEG-4 Audio Stream"),
        .imported(
            "public.mp4a-latm", ["public.audio"], mimeTypes: ["audio/mp4a-latm"],
            "Low-overhead MPEG-4 Audio Transport Multiplex"),
        .imported(
            "com.adobe.flash.video", ["public.movie"], extensions: ["flv", "f4v", "f4p", "f4a", "f4b"],
            mimeTypes: ["video/x-flv"], "Flash video"),
    ]
}
