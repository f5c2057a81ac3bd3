/* Counts of the description language have limits too (docs/scene-format.md, "Limits"). */
object a shape sphere 1; inertia 1 1 1 5 0 0; end
settings substeps 2000000000; iterations 1e999; end
