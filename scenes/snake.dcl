/* The flying snake of Gascuel & Gascuel (1994), Fig. 5: six solids joined by five
   "point to point" constraints; a "point to segment" constraint lets the tail slide along a
   rigid rod, limited to [-1.5, 1.5]. Gravity does the rest: the snake falls and swings, the
   tail slides until the limit stops it, and the snake flies back.
   Oy is the vertical axis; lengths in metres, masses in kilograms, times in seconds. */

settings
  gravity 0 -9.81 0;
  timestep 0.005;
  iterations 40;
  tolerance 1e-6;
end

/* The rod the tail slides on: fixed, along x, 3 m above the floor. */
object rod fixed; shape cylinder 3.4 0.03; position 0 3 0; end

/* Six segments of length 1 along x, the tail at x = 0 and the head at x = -5. */
object tail  shape cylinder 0.9 0.10; mass 0.6; position -0.5 3 0; end
object body1 shape cylinder 0.9 0.13; mass 1.0; position -1.5 3 0; end
object body2 shape cylinder 0.9 0.15; mass 1.3; position -2.5 3 0; end
object body3 shape cylinder 0.9 0.15; mass 1.3; position -3.5 3 0; end
object body4 shape cylinder 0.9 0.13; mass 1.0; position -4.5 3 0; end
object head  shape sphere 0.25; shape cylinder 0.6 0.12 at 0.2 0 0; mass 1.2; position -5.5 3 0.3; end

/* The tail's end slides on the rod: hinge on the rod (object1) and on the tail (object2). */
constraint name slide; object1 rod; object2 tail;
  hinge 0 0 0  0.5 0 0;
  axial 1 0 0 min -1.5 max 1.5; end

constraint object1 tail;  object2 body1; hinge -0.5 0 0  0.5 0 0; end
constraint object1 body1; object2 body2; hinge -0.5 0 0  0.5 0 0; end
constraint object1 body2; object2 body3; hinge -0.5 0 0  0.5 0 0; end
constraint object1 body3; object2 body4; hinge -0.5 0 0  0.5 0 0; end
constraint object1 body4; object2 head;  hinge -0.5 0 0  0.5 0 0; end
