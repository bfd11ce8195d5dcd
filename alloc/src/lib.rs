//! mimalloc as Rust's global allocator, asking it for plain blocks where a
//! plain block is aligned enough.
//!
//! The `mimalloc` crate hands every request to `mi_malloc_aligned`. In
//! mimalloc 3 that call takes its fast path only while the page of the
//! size's bin has a free block at hand; otherwise it takes a plain block only
//! when the bin's size is a power of two, and else over-allocates: a 24-byte
//! request then costs a 32-byte block and the slow path, again at every
//! refill of the bin. Rust asks for such sizes all the time (a `Vec` of
//! three words, a card list of 40 bytes).
//!
//! A plain `mi_malloc` block is aligned to its bin: bins are multiples of
//! 8 bytes (of 16 from 16 bytes up) and a page's first block is aligned to
//! 16 bytes (`MI_MAX_ALIGN_SIZE`). So a request whose alignment is at most
//! 16 and divides its size is met by the plain call; any other goes to the
//! aligned one, as before. `mi_free` frees both.
//!
//! ```
//! #[global_allocator]
//! static ALLOCATOR: tarok_alloc::MiMalloc = tarok_alloc::MiMalloc;
//!
//! let v: Vec<u64> = (0..3).collect();
//! assert_eq!(v.as_ptr() as usize % 8, 0);
//! ```

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys as mi;

/// The largest alignment every plain mimalloc block of a size it divides
/// has (`MI_MAX_ALIGN_SIZE`).
const PLAIN_ALIGN: usize = 16;

/// Whether a plain block of `size` bytes is aligned to `align`.
#[inline(always)]
fn plain(size: usize, align: usize) -> bool {
    align <= PLAIN_ALIGN && size & (align - 1) == 0
}

/// mimalloc, its plain calls where they align (the crate docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct MiMalloc;

// SAFETY: every block comes from mimalloc, aligned as the layout asks
// (plain only where `plain` holds, the crate docs), and is freed or resized
// by mimalloc, which frees plain and aligned blocks alike.
unsafe impl GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: mimalloc's allocation calls have no preconditions.
        unsafe {
            if plain(layout.size(), layout.align()) {
                mi::mi_malloc(layout.size()).cast()
            } else {
                mi::mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        unsafe {
            if plain(layout.size(), layout.align()) {
                mi::mi_zalloc(layout.size()).cast()
            } else {
                mi::mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` is a block of this allocator's, so of mimalloc's.
        unsafe { mi::mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` is a block of mimalloc's; the new block is aligned
        // as `layout` asks (plain only where `plain` holds of the new size).
        unsafe {
            if plain(new_size, layout.align()) {
                mi::mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every size up to 4 KiB and past a few bins' edges, at every
    /// alignment up to 4 KiB: the block is aligned, writable to its end and
    /// survives growing and shrinking.
    #[test]
    fn blocks_are_aligned_as_asked() {
        let a = MiMalloc;
        for align in (0..=12).map(|k| 1usize << k) {
            for size in (1..=4096).chain([8191, 8192, 65_536 + 24, 1 << 20]) {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: a layout of non-zero size; the block is written
                // within its size and freed with its layout.
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size} align {align}");
                    p.write_bytes(0xA5, size);
                    let q = a.realloc(p, layout, size * 3 + 8);
                    assert_eq!(q as usize % align, 0, "grown {size} align {align}");
                    assert_eq!(*q.add(size - 1), 0xA5);
                    let r = a.realloc(q, layout, size.div_ceil(2));
                    assert_eq!(r as usize % align, 0, "shrunk {size} align {align}");
                    assert_eq!(*r, 0xA5);
                    a.dealloc(r, Layout::from_size_align(size.div_ceil(2), align).unwrap());
                    let z = a.alloc_zeroed(layout);
                    assert_eq!(z as usize % align, 0, "zeroed {size} align {align}");
                    assert!((0..size).all(|k| *z.add(k) == 0));
                    a.dealloc(z, layout);
                }
            }
        }
    }
}
