//! The boundary: null and length checks, and no panic unwinding into C.
use crate::{AW_ERR_NULL, AW_ERR_PANIC};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `f`: its value, its error code, or `AW_ERR_PANIC` if it panicked.
pub(crate) fn code(f: impl FnOnce() -> Result<i32, i32>) -> i32 {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => v,
        Ok(Err(code)) => code,
        Err(_) => AW_ERR_PANIC,
    }
}

/// Runs `f`: its value, or `fallback` on an error or a panic.
pub(crate) fn or<T>(fallback: T, f: impl FnOnce() -> Result<T, i32>) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => v,
        _ => fallback,
    }
}

/// A byte slice from C; a null pointer is refused unless `len` is 0.
///
/// # Safety
/// `ptr` must point to `len` readable bytes that stay valid for the returned lifetime.
pub(crate) unsafe fn slice<'a>(ptr: *const u8, len: usize) -> Result<&'a [u8], i32> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(AW_ERR_NULL);
    }
    Ok(std::slice::from_raw_parts(ptr, len))
}

/// A mutable byte slice from C; a null pointer is refused unless `len` is 0.
///
/// # Safety
/// `ptr` must point to `len` writable bytes, not aliased, valid for the returned lifetime.
pub(crate) unsafe fn slice_mut<'a>(ptr: *mut u8, len: usize) -> Result<&'a mut [u8], i32> {
    if len == 0 {
        return Ok(&mut []);
    }
    if ptr.is_null() {
        return Err(AW_ERR_NULL);
    }
    Ok(std::slice::from_raw_parts_mut(ptr, len))
}

/// A shared reference from a C pointer.
///
/// # Safety
/// `ptr` must be null or point to a valid, aligned `T`.
pub(crate) unsafe fn get<'a, T>(ptr: *const T) -> Result<&'a T, i32> {
    ptr.as_ref().ok_or(AW_ERR_NULL)
}

/// A mutable reference from a C pointer.
///
/// # Safety
/// `ptr` must be null or point to a valid, aligned, unaliased `T`.
pub(crate) unsafe fn get_mut<'a, T>(ptr: *mut T) -> Result<&'a mut T, i32> {
    ptr.as_mut().ok_or(AW_ERR_NULL)
}
