/* The monocycle of Gascuel & Gascuel (1994), Fig. 7 and Appendix A. The constraints are those
   of Appendix A, verbatim; the object definitions, settings and the force were added so that
   this one file describes the whole animation. Oy is the vertical axis, x the wheel's axle
   (lateral), z forward. The wheel rolls on the ground plane by friction; a horizontal force on
   the body drives everything: the wheel turns, the pedals turn, the legs follow through the
   closed loops wheel-body-thigh-leg-foot-wheel. Angles are in radians (a bound above π, such
   as "max 9" at the ankles, means no limit). */

settings
  gravity 0 -9.81 0;
  timestep 0.04;
  iterations 30;
  tolerance 1e-5;
  ground 0;
  friction 1.0;
end

object wheel shape cylinder 0.12 0.8; mass 5; position 0 0.8 0; end
object body  shape block 0.9 1.0 0.5; mass 30; position 0 2.8 0; nocontact;
  force 0 0 80 during 0.2 2.2; end

object left-thigh  shape block 0.15 0.15 1 at 0 0 0.5; mass 4; position 0.4 2.2 0; rotation 1 0 0 1.2; nocontact; end
object right-thigh shape block 0.15 0.15 1 at 0 0 0.5; mass 4; position -0.4 2.2 0; rotation 1 0 0 1.2; nocontact; end
object left-leg  shape block 0.12 0.12 1.4 at 0 0 0.7; mass 3; position 0.4 1.27 0.36; rotation 1 0 0 2.0; nocontact; end
object right-leg shape block 0.12 0.12 1.4 at 0 0 0.7; mass 3; position -0.4 1.27 0.36; rotation 1 0 0 2.0; nocontact; end
object left-foot  shape block 0.12 0.08 0.3 at 0 0 0.05; mass 1; position 0.4 0.8 -0.5; nocontact; end
object right-foot shape block 0.12 0.08 0.3 at 0 0 0.05; mass 1; position -0.4 0.8 0.5; nocontact; end

/* ---- Appendix A ---- */

/* Constraint between the wheel and the
character's body */
constraint object1 body; object2 wheel;
hinge 0 -2.0 0 0 0 0;
angle 1 0 0 1 0 0 max 0; end

/* Angle constraint preventing the character
from falling */
constraint object2 body; /* default object1:
world-fixed coordinate system */
angle 0 1 0 0 1 0 max 0.066; end

/* Constraints along the left leg */
constraint object1 body; object2 left-thigh;
hinge 0.4 -0.6 0 0 0 0;
angle 1 0 0 1 0 0 max 0; end

constraint object1 left-thigh;
object2 left-leg; hinge 0 0 1 0 0 0;
angle 1 0 0 1 0 0 max 0; end

constraint object1 left-leg;
object2 left-foot; hinge 0 0 1.4 0 0 -0.1;
angle 1 0 0 1 0 0 max 0; end

constraint object1 wheel; object2 left-foot;
hinge 0.4 0 -0.5 0 0 0; end

constraint object1 body; object2 left-foot;
angle 0 0 1 0 0 1 max .1; end

/* Constraints along the right leg */
constraint object1 body;
object2 right-thigh;
hinge -.4 -0.6 0 0 0 0;
angle 1 0 0 1 0 0 max 0.04; end

constraint object1 right-thigh;
object2 right-leg; hinge 0 0 1 0 0 0;
angle 1 0 0 1 0 0 max 0; end

constraint object1 right-leg;
object2 right-foot; hinge 0 0 1.4 0 0 -0.1;
angle 1 0 0 1 0 0 max 9; end

constraint object1 wheel;
object2 right-foot;
hinge -0.4 0 0.5 0 0 0; end

constraint object1 body; object2 right-foot;
angle 0 0 1 0 0 1 max .1; end
