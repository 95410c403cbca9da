//! The checks, each run by one of the properties on its own cases.

use super::*;

/// Start inside things, not squeezed: the move's pushes (`max_iterations = rounds`, no motion:
/// nothing but the pushes; with one round, the first push alone) leave the body clear of
/// everything it overlapped, shape by shape
/// and tile cell by tile cell. Pushes meet every overlap's push at once (`o · n ≥ depth +
/// skin` for each, and a push normal is a separating axis), so this holds whenever the pushes
/// are not opposed. (Later pushes may meet new overlaps: the push can move the body into
/// something it was not touching, by up to the push's length. So "never deeper than at the
/// start" is not a promise: a box squeezed into a pocket smaller than itself was pushed back
/// and forth, 0.1557 deep at first and 0.1570 after five pushes.)
pub(super) fn check_first_push(case: &Case, rounds: u32) -> Result<(), TestCaseError> {
    let (mut world, _) = case.level.world(false);
    let body = case.body.shape();
    let seen = world.overlap_shape(&body, case.start, &QueryFilter::default());
    let normals: Vec<Vec2> = seen.iter().map(|o| o.normal).collect();
    if !one_way_out(&normals) {
        // Clear (never_ends_overlapping) or squeezed (never_nan).
        return Ok(());
    }
    let before = case.level.overlaps(&body, case.start);
    let r = run(&mut world, &body, case.start, Vec2::ZERO, rounds);
    check_finite(&r)?;
    for (piece, depth) in case.level.overlaps(&body, r.position) {
        prop_assert!(
            depth <= MAX_DEPTH || !before.iter().any(|(p, _)| *p == piece),
            "pushed from {} to {}, still {depth} deep in {piece:?}; it overlapped {before:?}, the world pushed out of {seen:?}",
            case.start,
            r.position
        );
    }
    Ok(())
}

/// The skin. When the last round of a move was blocked (the move ended there, with nothing
/// left or its rounds used up), the body did not move after that round's advance, which
/// stopped `back = min(skin / approach, 2 × skin)` short of the contact along the motion
/// (`approach` = cosine between the motion and the contact normal), or did not move at all
/// when the contact was nearer than that. So the body ends
/// - at most `min(travel, back)` from the collider (tile cell) it met: always within
///   2 × skin;
/// - at least `back × approach` from it (the gap along the normal: the skin, or less for a
///   grazing hit) if it advanced into it, at least 0 if it did not move or the motion did
///   not go into the normal;
/// - and that collider is among the contacts, as a slide.
///
/// Earlier contacts give no bound: the body may have slid away from them since. Precision:
/// 1e-4 plus 16 units in the last place of the round's coordinates and motion length (a round
/// starting 15,000 units away cannot place the body nearer than 0.001).
pub(super) fn check_skin(case: &Case) -> Result<(), TestCaseError> {
    let (mut world, _) = case.level.world(false);
    let body = case.body.shape();
    let mut pos = case.start;
    for (i, &m) in case.motions.iter().enumerate() {
        let full = run(&mut world, &body, pos, m, DEFAULT_MAX_ITERATIONS);
        let legs = legs(&mut world, &body, pos, m);
        pos = full.position;
        let Some(last) = legs.last() else {
            continue;
        };
        let over =
            last.after.remaining == Vec2::ZERO || legs.len() == DEFAULT_MAX_ITERATIONS as usize;
        let (true, Some(hit)) = (over, last.hit) else {
            continue;
        };
        prop_assert_eq!(last.after.position, full.position);
        let len = last.motion.length();
        let approach = -(last.motion / len).dot(hit.normal);
        let travel = hit.fraction * len;
        let back = if approach > 0.0 {
            (SKIN / approach).min(2.0 * SKIN)
        } else {
            0.0
        };
        let upper = travel
            .min(back.max(0.0))
            .max(if approach > 0.0 { 0.0 } else { travel });
        // Backed off only when it advanced into the contact (a tile corner's corrected normal
        // that the motion does not go into is advanced to, not backed off).
        let backed_off = last.after.position != last.from && approach > 0.0;
        let lower = if backed_off { back * approach } else { 0.0 };
        let t = tol(last.from.abs().max(full.position.abs()).max_element() + len);
        let gap = distance_to_hit(&world, &body, full.position, &hit);
        prop_assert!(
            gap <= upper + t && gap >= lower - t,
            "move {i} ends {gap} from what blocked it, outside [{lower}, {upper}] (approach {approach}): {last:?}"
        );
        prop_assert!(gap <= 2.0 * SKIN + t, "move {i} ends {gap} away: {hit:?}");
        prop_assert!(
            full.contacts
                .iter()
                .any(|c| c.handle == hit.handle && c.response == Response::Slide),
            "move {i}: {hit:?} is not among {:?}",
            full.contacts
        );
    }
    Ok(())
}

/// A world built in reverse order gives the same result (handles aside) for every move.
pub(super) fn check_build_order(case: &Case) -> Result<(), TestCaseError> {
    let body = case.body.shape();
    let (mut a, _) = case.level.world(false);
    let (mut b, _) = case.level.world(true);
    let mut pos = case.start;
    for (i, &m) in case.motions.iter().enumerate() {
        let ra = run(&mut a, &body, pos, m, DEFAULT_MAX_ITERATIONS);
        let rb = run(&mut b, &body, pos, m, DEFAULT_MAX_ITERATIONS);
        prop_assert_eq!(
            result_bits(&ra),
            result_bits(&rb),
            "move {} from {} differs in a world built in reverse: {:?} vs {:?}",
            i,
            pos,
            ra,
            rb
        );
        pos = ra.position;
    }
    Ok(())
}
