// Reading uploaded SWAT projects (platform-api's dataset import turns them into datasets):
// what an upload is, the routing network from fig.fig, a schematic map when there are no
// shapes, and the shapefiles of ArcSWAT / QSWAT projects reprojected to WGS84.
export { routingOf, type Routing } from './routing.ts';
export { routingSchematic, type SchematicFeature } from './schematic.ts';
export { readProjectShapes, readShapefile, findShapefiles, subbasinField, type ProjectShapes, type ShapeFeature } from './shapes.ts';
export { detectUpload, type DetectedUpload, type UploadKind } from './detect.ts';
export { summariseDatabase, describeDatabase, SWAT_EDITOR_TABLES, type SwatDatabaseSummary } from './databases.ts';
