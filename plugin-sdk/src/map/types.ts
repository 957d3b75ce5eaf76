// The watershed map's contract (React- and OpenLayers-free, so pages can import it without
// loading the map): what it draws, what it reports, and the public tile providers it falls
// back to. The map itself (`WatershedMap.tsx`, OpenLayers) loads lazily: see `./index.tsx`.

/** A base-map tile source (site settings `customTileProviders`, spec 1 §9). */
export type TileProvider = { name: string; visible?: boolean; attribution?: string; url: string };

/** A routing link between two subbasins (projects/map `connections`). */
export type Connection = { fromName: string; toName: string; lineCoordinates?: number[][]; fromID?: number };

/** A gauge / calibration location (GET maps/calibrated-watersheds → locationPoints). */
export type LocationPoint = { number?: string; name?: string; lat: number; lng: number; calibrations?: { id: number; name: string; datasetID?: number }[] } & Record<string, unknown>;

export type MapClick = { lat: number; lng: number; subbasin?: { id: number; name: string; isNearbyOnly?: boolean } };

/** The properties of a subbasin or stream feature (exports/geojson: id, number, name, area...). */
export type FeatureProps = Record<string, unknown> & { id?: number; name?: string; number?: number };

/** How an output map colours the watershed (a choropleth): each function gets a feature's
 * properties and answers a CSS colour, or undefined for the map's own style. */
export type MapColouring = {
  subbasinFill?: (props: FeatureProps) => string | undefined;
  streamStroke?: (props: FeatureProps) => { color: string; width?: number } | undefined;
  /** Text drawn on each subbasin (labels of values). */
  label?: (props: FeatureProps) => string | undefined;
  /** Fill of the subbasin under the pointer. */
  hoverColor?: string;
  /** Text shown beside the pointer over a subbasin (or a stream). */
  tooltip?: (props: FeatureProps) => string | undefined;
  /** Changes whenever the functions above would answer differently: the map restyles. */
  key: string;
};

export type WatershedMapProps = {
  outline?: unknown;
  subbasins?: unknown;
  streams?: unknown;
  connections?: Connection[];
  showRouting?: boolean;
  /** Starting subbasins, shown in the selected colour. */
  selectedIds?: number[];
  bounds?: unknown;
  onClick?: (click: MapClick) => void;
  /** HUC2-style region boundaries of the dataset (an overlay, off by default). */
  regions?: unknown;
  /** Calibration locations (an overlay, on when given); a click on one calls onPointClick. */
  points?: LocationPoint[];
  onPointClick?: (point: LocationPoint) => void;
  tileProviders?: TileProvider[] | null;
  height?: number | string;
  defaultCenter?: [number, number];
  defaultZoom?: number;
  /** Output maps: colours by feature instead of the project palette. */
  colouring?: MapColouring;
  /** `data-testid` of the map element (default `watershed-map`). */
  testId?: string;
};

export const DEFAULT_TILE_PROVIDERS: TileProvider[] = [
  { name: 'Standard', visible: true, url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' },
  { name: 'Topography', visible: false, url: 'https://{a-c}.tile.opentopomap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors, SRTM | © OpenTopoMap (CC-BY-SA)' },
  {
    name: 'Satellite',
    visible: false,
    url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
    attribution: 'Tiles © Esri — Source: Esri, i-cubed, USDA, USGS, AEX, GeoEye, Getmapping, Aerogrid, IGN, IGP, UPR-EGP, and the GIS User Community',
  },
];
