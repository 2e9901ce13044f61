import CTransferKitSystem

/// The process's C allocator, set for the tool before it starts.
package enum MemoryAllocator {
    /// Keeps freed memory for the next allocation: the conversion allocates and frees batches of a
    /// few hundred KiB all the way through, and by default glibc maps each above 128 KiB anew and
    /// returns freed memory at once, so every batch faulted its pages in again (37,000–90,000 page
    /// faults and 0.6–0.9 s of system time for a million profiles; 5,000 when kept). The peak RSS
    /// does not change: the pipeline bounds the batches in flight, not the allocator.
    package static func keepFreedMemory() {
        _ = transferkit_keep_freed_memory(32 << 20, 128 << 20)
    }
}
