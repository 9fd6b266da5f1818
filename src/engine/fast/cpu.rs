//! Which build of the kernel this processor runs.

/// Whether this processor runs the AVX2 build of the kernel.
pub(crate) fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2") && std::env::var_os("HOG_NO_AVX2").is_none()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
