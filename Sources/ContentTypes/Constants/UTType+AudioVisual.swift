extension UTType {
    /// The type `public.audiovisual-content` (audiovisual content).
    ///
    /// Conforms to `public.data`, `public.content`.
    public static let audiovisualContent = UTType(builtIn: "public.audiovisual-content")

    /// The type `public.movie` (movie).
    ///
    /// Conforms to `public.audiovisual-content`.
    public static let movie = UTType(builtIn: "public.movie")

    /// The type `public.video` (video).
    ///
    /// Conforms to `public.movie`.
    public static let video = UTType(builtIn: "public.video")

    /// The type `public.audio` (audio).
    ///
    /// Conforms to `public.audiovisual-content`.
    public static let audio = UTType(builtIn: "public.audio")

    /// The type `com.apple.quicktime-movie` (QuickTime movie).
    ///
    /// Conforms to `public.movie`.
    /// Tags: filename extensions `mov`, `qt`; MIME types `video/quicktime`.
    public static let quickTimeMovie = UTType(builtIn: "com.apple.quicktime-movie")

    /// The type `public.mpeg` (MPEG movie).
    ///
    /// Conforms to `public.movie`.
    /// Tags: filename extensions `mpg`, `mpeg`, `mpe`, `m75`, `m15`; MIME types `video/mpeg`, `video/mpg`, `video/x-mpeg`, `video/x-mpg`.
    public static let mpeg = UTType(builtIn: "public.mpeg")

    /// The type `public.mpeg-2-video` (MPEG-2 video).
    ///
    /// Conforms to `public.video`.
    /// Tags: filename extensions `m2v`; MIME types `video/mpeg2`, `video/mpeg2-video`.
    public static let mpeg2Video = UTType(builtIn: "public.mpeg-2-video")

    /// The type `public.mpeg-2-transport-stream` (MPEG-2 Transport Stream).
    ///
    /// Conforms to `public.movie`.
    /// Tags: filename extensions `ts`.
    public static let mpeg2TransportStream = UTType(builtIn: "public.mpeg-2-transport-stream")

    /// The type `public.mp3` (MP3 audio).
    ///
    /// Conforms to `public.audio`.
    /// Tags: filename extensions `mp3`, `mpga`; MIME types `audio/mpeg`, `audio/mpeg3`, `audio/mpg`, `audio/mp3`, `audio/x-mpeg`, `audio/x-mpeg3`, `audio/x-mpg`, `audio/x-mp3`.
    public static let mp3 = UTType(builtIn: "public.mp3")

    /// The type `public.mpeg-4` (MPEG-4 movie).
    ///
    /// Conforms to `public.movie`.
    /// Tags: filename extensions `mp4`, `mpg4`; MIME types `video/mp4`, `video/mp4v-es`.
    public static let mpeg4Movie = UTType(builtIn: "public.mpeg-4")

    /// The type `public.mpeg-4-audio` (MPEG-4 audio).
    ///
    /// Conforms to `public.audio`, `public.mpeg-4`.
    /// Tags: filename extensions `mp4`, `mpg4`; MIME types `audio/mp4`, `audio/mp4a-latm`.
    public static let mpeg4Audio = UTType(builtIn: "public.mpeg-4-audio")

    /// The type `com.apple.protected-mpeg-4-audio` (protected MPEG-4 audio).
    ///
    /// Conforms to `public.audio`.
    /// Tags: filename extensions `m4p`.
    public static let appleProtectedMPEG4Audio = UTType(builtIn: "com.apple.protected-mpeg-4-audio")

    /// The type `com.apple.protected-mpeg-4-video` (protected MPEG-4 movie).
    ///
    /// Conforms to `com.apple.m4v-video`.
    public static let appleProtectedMPEG4Video = UTType(builtIn: "com.apple.protected-mpeg-4-video")

    /// The type `public.avi` (AVI movie).
    ///
    /// Conforms to `public.movie`.
    /// Tags: filename extensions `avi`, `vfw`; MIME types `video/avi`, `video/msvideo`, `video/x-msvideo`.
    public static let avi = UTType(builtIn: "public.avi")

    /// The type `public.aiff-audio` (AIFF audio).
    ///
    /// Conforms to `public.aifc-audio`.
    /// Tags: filename extensions `aiff`, `aif`; MIME types `audio/aiff`, `audio/x-aiff`.
    public static let aiff = UTType(builtIn: "public.aiff-audio")

    /// The type `com.microsoft.waveform-audio` (Waveform audio).
    ///
    /// Conforms to `public.audio`.
    /// Tags: filename extensions `wav`, `wave`, `bwf`; MIME types `audio/vnd.wave`, `audio/wav`, `audio/wave`, `audio/x-wav`.
    public static let wav = UTType(builtIn: "com.microsoft.waveform-audio")

    /// The type `public.midi-audio` (MIDI audio).
    ///
    /// Conforms to `public.audio`.
    /// Tags: filename extensions `midi`, `mid`, `smf`, `kar`; MIME types `audio/midi`, `audio/x-midi`.
    public static let midi = UTType(builtIn: "public.midi-audio")
}
