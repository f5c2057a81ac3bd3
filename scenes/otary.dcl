/* The equilibrist otary of Gascuel & Gascuel (1994), Fig. 6: three components (tail, body,
   head) joined by "point to point" constraints with angle and twist limits; a tray held on the
   nose by a "point to point" constraint and kept almost horizontal by an angle constraint with
   the world; a ball kept on the tray by a "point to ring" constraint whose ring is a disc.
   Forces and torques on the head and the tail make the system move.
   Oy is vertical; the otary faces +z. */

settings
  gravity 0 -9.81 0;
  timestep 0.005;
  iterations 40;
  tolerance 1e-6;
end

/* The rock the otary sits on. */
object rock fixed; shape block 1.2 0.6 1.2; position 0 0.3 0; end

/* Body: upright, its base on the rock. Its frame's y axis runs along it. */
object body shape cylinder 1.2 0.35 at 0 0 0; rotation 0 0 1 1.5708; mass 40; position 0 1.2 0; end
/* Tail: behind the base, lying back along -z (its x axis), pushed round by a torque. */
object tail shape cylinder 0.8 0.15; rotation 0 1 0 1.5708; mass 6; position 0 0.6 -0.7;
  torque 0 15 0 during 1.5 2.5; end
/* Head: on top of the body, nose up along its x axis; pushed sideways, then forward. */
object head shape sphere 0.25; shape cylinder 0.4 0.12 at 0.2 0 0; rotation 0 0 1 1.5708; mass 8; position 0 2.05 0;
  force 25 0 0 during 0.5 1.5; force 0 0 25 during 2.5 3.5; end

/* The tray on the nose and the ball on the tray. */
object tray shape block 0.9 0.04 0.9; mass 1; position 0 2.47 0; end
object ball shape sphere 0.12; mass 0.5; position 0.2 2.61 0.1; end

/* The body sits on the rock: a hinge with limited bend and twist. */
constraint name seat; object1 rock; object2 body;
  hinge 0 0.3 0  -0.6 0 0;
  angle 0 1 0  1 0 0 max 0.35;
  twist 1 0 0  0 -1 0 min -0.3 max 0.3; end

constraint name neck; object1 body; object2 head;
  hinge 0.6 0 0  -0.25 0 0;
  angle 1 0 0  1 0 0 max 0.5;
  twist 0 0 1  0 0 1 min -0.2 max 0.2; end

constraint name hip; object1 body; object2 tail;
  hinge -0.6 0 -0.3  -0.4 0 0;
  angle 1 0 0  1 0 0 min 0.8 max 2.2;
  twist 0 0 1  0 1 0 min -0.3 max 0.3; end

/* The tray on the nose tip, kept within 0.08 rad of horizontal by the world. */
constraint name nose; object1 head; object2 tray; hinge 0.4 0 0  0 -0.02 0; end
constraint name level; object2 tray; angle 0 1 0  0 1 0 max 0.08; end

/* The ball's lowest point stays on the tray's top face, within 0.4 of its centre. */
constraint name on-tray; object1 tray; object2 ball;
  hinge 0 0.02 0  0 -0.12 0;
  planar 0 1 0 max 0.4; end
