//! Coordinates to whole numbers (a grid's cell, a tile's column): `floor` as an `i32`,
//! saturating, one at a time or four lanes at once.

use glam::Vec4;

/// `floor(x)` as an `i32`, saturating (no call into libm on targets without SSE4.1).
#[inline]
pub(crate) fn floor_i32(x: f32) -> i32 {
    let i = x as i32;
    if (i as f32) > x {
        i.saturating_sub(1)
    } else {
        i
    }
}

/// [`floor_i32`] of each lane: on x86-64 built with SSE2 (as it is unless told otherwise),
/// in four lanes at once, about a third of the instructions of a floor and four saturating
/// conversions, paid by every box the grid files and every cast through a tile map;
/// elsewhere lane by lane.
#[inline]
pub(crate) fn floor_i32x4(v: Vec4) -> [i32; 4] {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: the build enables SSE2 (the `cfg` above), the one feature the function
        // needs.
        unsafe { floor_i32x4_sse2(v) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        // `floor` is exact, and `as` saturates (NaN to 0) as `floor_i32` does.
        v.floor().as_ivec4().to_array()
    }
}

/// [`floor_i32x4`] with SSE2.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[target_feature(enable = "sse2")]
fn floor_i32x4_sse2(v: Vec4) -> [i32; 4] {
    use std::arch::x86_64::{
        _mm_add_epi32, _mm_and_si128, _mm_castps_si128, _mm_cmpge_ps, _mm_cmpgt_ps, _mm_cmpord_ps,
        _mm_cvtepi32_ps, _mm_cvtsi128_si32, _mm_cvttps_epi32, _mm_max_ps, _mm_set1_ps, _mm_setr_ps,
        _mm_shuffle_epi32, _mm_xor_si128,
    };
    // `i32::MIN` as a float (exact); its negation is the first float above the range.
    const LOW: f32 = -2_147_483_648.0;
    // Lane by lane, whatever glam's own representation (it may be built without SIMD).
    let x = _mm_setr_ps(v.x, v.y, v.z, v.w);
    let ordered = _mm_castps_si128(_mm_cmpord_ps(x, x));
    let above = _mm_castps_si128(_mm_cmpge_ps(x, _mm_set1_ps(-LOW)));
    // Below the range, clamped to its low end (which converts exactly); NaN becomes it too,
    // and is cleared below.
    let c = _mm_max_ps(x, _mm_set1_ps(LOW));
    // Toward zero, then one down where that went up (a negative number with a fraction): a
    // lane in range converts back exactly (a float of 2^23 or more is whole), and a lane
    // above the range converts to `i32::MIN`, whose float is below it.
    let t = _mm_cvttps_epi32(c);
    let went_up = _mm_castps_si128(_mm_cmpgt_ps(_mm_cvtepi32_ps(t), c));
    let floored = _mm_add_epi32(t, went_up);
    // Above the range: `i32::MIN` flipped to `i32::MAX`. NaN: 0.
    let f = _mm_and_si128(_mm_xor_si128(floored, above), ordered);
    [
        _mm_cvtsi128_si32(f),
        _mm_cvtsi128_si32(_mm_shuffle_epi32::<0b01_01_01_01>(f)),
        _mm_cvtsi128_si32(_mm_shuffle_epi32::<0b10_10_10_10>(f)),
        _mm_cvtsi128_si32(_mm_shuffle_epi32::<0b11_11_11_11>(f)),
    ]
}

#[cfg(test)]
mod tests {
    use glam::Vec4;

    use super::floor_i32;

    #[test]
    fn floor_is_exact_and_saturates() {
        for (x, f) in [
            (1.5, 1),
            (-1.5, -2),
            (-2.0, -2),
            (1e30, i32::MAX),
            (-1e30, i32::MIN),
        ] {
            assert_eq!(floor_i32(x), f, "{x}");
        }
    }

    /// Each lane at once is `floor_i32` of it, at the edges of the range and of the kinds of
    /// number: whole and not, either side of zero, at and just past `i32`'s ends, infinite,
    /// NaN.
    #[test]
    fn four_lanes_floor_as_floor_i32_at_the_edges() {
        let edge = 2_147_483_648.0f32;
        let values = [
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            -1.0f32.next_down(),
            -1.0f32.next_up(),
            8_388_607.5,
            -8_388_607.5,
            16_777_217.0,
            -16_777_217.0,
            edge,
            edge.next_down(),
            edge.next_up(),
            -edge,
            -edge.next_down(),
            -edge.next_up(),
            f32::MAX,
            f32::MIN,
            f32::MIN_POSITIVE,
            -f32::MIN_POSITIVE,
            -1e-45,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            -f32::NAN,
        ];
        for (i, &a) in values.iter().enumerate() {
            // Every value in every lane, beside three others.
            let lanes = [
                a,
                values[(i + 1) % values.len()],
                values[(i + 7) % values.len()],
                values[(i + 13) % values.len()],
            ];
            for k in 0..4 {
                let v = [0, 1, 2, 3].map(|j| lanes[(j + k) % 4]);
                assert_eq!(
                    super::floor_i32x4(Vec4::from_array(v)),
                    v.map(floor_i32),
                    "lanes {v:?}"
                );
            }
        }
    }
}
