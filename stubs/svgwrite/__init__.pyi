# What pnp calls of svgwrite (the package ships no type information): a Drawing and the elements
# its factory methods make, each taking SVG attributes as keywords.
from svgwrite.drawing import Drawing as Drawing
