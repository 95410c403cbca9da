//! The properties: a move never ends overlapping, never tunnels, never gives NaN, ends within
//! reach of the skin from what stopped it, and is deterministic whatever order the world was
//! built in; one push clears a start inside shapes or inside tiles, a push out of another body
//! never enters the level, and overlap queries leave one-way tiles out.

use super::*;

proptest! {
    #![proptest_config(config())]

    /// A body that starts clear of everything never ends a move inside anything, whatever the
    /// shapes, the tiles and the motion length: not as the world sees it (`overlap_shape`),
    /// nor pair by pair (which also sees tiles buried in others, whose faces the world hides).
    /// Moves are chained, so later ones start resting against surfaces.
    #[test]
    fn never_ends_overlapping(case in clear_case()) {
        let (mut world, _) = case.level.world(false);
        let body = case.body.shape();
        let mut pos = case.start;
        for (i, &m) in case.motions.iter().enumerate() {
            let r = run(&mut world, &body, pos, m, DEFAULT_MAX_ITERATIONS);
            // One-way tiles never push (see `overlap_shape_never_reports_one_way_tiles`).
            let seen: Vec<_> = world
                .overlap_shape(&body, r.position, &QueryFilter::default())
                .into_iter()
                .filter(|o| !case.level.is_one_way(o.cell))
                .collect();
            prop_assert!(
                seen.iter().all(|o| o.depth <= MAX_DEPTH),
                "move {i} from {pos} by {m} ends at {} overlapping {seen:?}", r.position
            );
            let truth = case.level.overlaps(&body, r.position);
            prop_assert!(
                truth.iter().all(|(_, d)| *d <= MAX_DEPTH),
                "move {i} from {pos} by {m} ends at {} overlapping {truth:?}", r.position
            );
            pos = r.position;
        }
    }

    /// `overlap_shape` never reports a one-way tile (a body that overlaps one is not pushed),
    /// and where no shape and no solid tile overlaps the body pair by pair, it reports
    /// nothing.
    #[test]
    fn overlap_shape_never_reports_one_way_tiles(case in any_case()) {
        let (world, _) = case.level.world(false);
        let body = case.body.shape();
        let seen = world.overlap_shape(&body, case.start, &QueryFilter::default());
        prop_assert!(
            seen.iter().all(|o| !case.level.is_one_way(o.cell)),
            "{seen:?} names a one-way tile"
        );
        let truth = case.level.overlaps(&body, case.start);
        prop_assert!(
            !truth.is_empty() || seen.is_empty(),
            "nothing overlaps pair by pair, but the world reports {seen:?}"
        );
    }

    /// A body that starts clear of the level but overlapping another (kinematic) body is
    /// pushed out of it without ever entering the level: where the level is in the way the
    /// push stops a skin short of it and the move is `pinned`. Checked pair by pair against
    /// every piece of the level, for every motion.
    #[test]
    fn a_push_out_of_another_body_never_enters_the_level(
        case in clear_case(),
        other in body(),
        offset in v2(1.0),
    ) {
        let (mut world, _) = case.level.world(false);
        let body = case.body.shape();
        let me = world
            .add(ColliderDesc::new(body.clone(), case.start).kinematic())
            .unwrap();
        world
            .add(ColliderDesc::new(other.shape(), case.start + offset).kinematic())
            .unwrap();
        for (i, &m) in case.motions.iter().enumerate() {
            let r = move_and_slide(&mut world, me, m, &MoveConfig::default()).unwrap();
            let truth = case.level.overlaps(&body, r.position);
            prop_assert!(
                truth.iter().all(|(_, d)| *d <= MAX_DEPTH),
                "move {i} by {m} ends at {} inside the level {truth:?} (pinned: {})",
                r.position,
                r.pinned
            );
        }
    }

    /// `check_first_push` in levels of shapes only.
    #[test]
    fn starting_inside_shapes_one_push_clears_them(case in any_case().prop_map(without_tiles)) {
        check_first_push(&case, 1)?;
    }

    /// `check_first_push` in levels of tiles only: one push out of all the tiles at once.
    /// (With tiles and shapes together a push can clear each kind on its own way and still
    /// meet a tile next to them, and bodies squeezed between them may need several rounds:
    /// `never_nan` covers those starts.)
    #[test]
    fn starting_inside_tiles_one_push_clears_them(case in any_case().prop_map(without_shapes)) {
        check_first_push(&case, 1)?;
    }

    /// No round of a move passes through anything: each round (the move stopped after k
    /// rounds, against the move stopped after k - 1) starts clear, moves straight along the
    /// motion it was given, never farther than that motion's first contact, and the straight
    /// cast along what it did meets nothing before its end. (The whole move may get farther
    /// along its first direction than its first contact, sliding up a slope: what must be
    /// free is each round.)
    #[test]
    fn never_tunnels(case in clear_case()) {
        let (mut world, _) = case.level.world(false);
        let body = case.body.shape();
        let mut pos = case.start;
        for (i, &m) in case.motions.iter().enumerate() {
            for (k, leg) in legs(&mut world, &body, pos, m).iter().enumerate() {
                let k = k + 1;
                let to = leg.after.position;
                let step = to - leg.from;
                let len = leg.motion.length();
                let t = tol(leg.from.abs().max(to.abs()).max_element() + len);
                if len == 0.0 {
                    prop_assert_eq!(step, Vec2::ZERO, "move {} round {} moved without motion", i, k);
                    continue;
                }
                let d = leg.motion / len;
                let along = step.dot(d);
                let aside = (step - d * along).length();
                prop_assert!(aside <= t, "move {i} round {k} strays {aside} from {leg:?}");
                prop_assert!(along >= -t, "move {i} round {k} goes back {along}: {leg:?}");
                let reach = leg.hit.map_or(len, |h| h.fraction * len);
                prop_assert!(
                    along <= reach + t,
                    "move {i} round {k} goes {along} along its motion, past its first contact at {reach}: {leg:?}"
                );
                if let Some(h) = world.cast_shape(&body, leg.from, step, &QueryFilter::default()) {
                    let short = (1.0 - h.fraction) * step.length();
                    prop_assert!(
                        short <= t,
                        "move {i} round {k}: the cast along its path {step} meets {h:?}, {short} before its end ({leg:?})"
                    );
                }
            }
            pos = run(&mut world, &body, pos, m, DEFAULT_MAX_ITERATIONS).position;
        }
    }

    /// Nothing a move returns is NaN or infinite, contact fractions are in [0, 1] and contact
    /// normals are unit length, for any start (inside things, squeezed, or not) and motion.
    #[test]
    fn never_nan(case in any_case()) {
        let (mut world, _) = case.level.world(false);
        let body = case.body.shape();
        let mut pos = case.start;
        for &m in &case.motions {
            let r = run(&mut world, &body, pos, m, DEFAULT_MAX_ITERATIONS);
            check_finite(&r)?;
            pos = r.position;
        }
    }

    /// The same world and input give bit-identical results, for any start and motion.
    #[test]
    fn deterministic(case in any_case()) {
        let body = case.body.shape();
        let (mut a, _) = case.level.world(false);
        let (mut b, _) = case.level.world(false);
        let mut pos = case.start;
        for &m in &case.motions {
            let ra = run(&mut a, &body, pos, m, DEFAULT_MAX_ITERATIONS);
            let rb = run(&mut b, &body, pos, m, DEFAULT_MAX_ITERATIONS);
            prop_assert_eq!(&ra, &rb);
            prop_assert_eq!(
                ra.position.to_array().map(f32::to_bits),
                rb.position.to_array().map(f32::to_bits)
            );
            pos = ra.position;
        }
    }

    /// A world built in reverse order gives the same position, remaining motion, velocity and
    /// contacts (normals and fractions; handles aside), for any start and motion.
    #[test]
    fn deterministic_in_any_build_order(case in any_case()) {
        check_build_order(&case)?;
    }

    /// `check_skin` in any level.
    #[test]
    fn skin(case in clear_case()) {
        check_skin(&case)?;
    }
}
