// Reading what the API gives the map: GeoJSON as an object or text, and bounds in the shapes
// the calls use ([minLon, minLat, maxLon, maxLat], Leaflet's [[lat, lng], [lat, lng]], or
// { minLat, maxLat, minLon, maxLon }).

/** [minLon, minLat, maxLon, maxLat], or undefined when `b` is not bounds. */
export function parseBounds(b: unknown): [number, number, number, number] | undefined {
  if (!b) return undefined;
  if (typeof b === 'string') {
    try {
      return parseBounds(JSON.parse(b));
    } catch {
      return undefined;
    }
  }
  const ok = (a: number[]) => (a.every((n) => Number.isFinite(n)) ? (a as [number, number, number, number]) : undefined);
  if (Array.isArray(b)) {
    if (b.length === 4 && b.every((n) => typeof n === 'number')) return ok(b as number[]);
    if (b.length === 2 && Array.isArray(b[0]) && Array.isArray(b[1])) {
      const [[a1, a2], [c1, c2]] = b as number[][];
      // [[lat, lng], [lat, lng]] (Leaflet order) when the first looks like a latitude.
      const latFirst = Math.abs(a1!) <= 90 && Math.abs(a2!) > 90 ? true : Math.abs(a1!) <= 90 && Math.abs(a1!) < Math.abs(a2!);
      return latFirst
        ? ok([Math.min(a2!, c2!), Math.min(a1!, c1!), Math.max(a2!, c2!), Math.max(a1!, c1!)])
        : ok([Math.min(a1!, c1!), Math.min(a2!, c2!), Math.max(a1!, c1!), Math.max(a2!, c2!)]);
    }
    return undefined;
  }
  if (typeof b === 'object') {
    const o = b as Record<string, number>;
    const minLon = o.minLon ?? o.minLng ?? o.west ?? o.minX;
    const minLat = o.minLat ?? o.south ?? o.minY;
    const maxLon = o.maxLon ?? o.maxLng ?? o.east ?? o.maxX;
    const maxLat = o.maxLat ?? o.north ?? o.maxY;
    if ([minLon, minLat, maxLon, maxLat].every((n) => typeof n === 'number')) return ok([minLon!, minLat!, maxLon!, maxLat!]);
  }
  return undefined;
}

/** GeoJSON given as an object or as its text. */
export function asGeoJson(value: unknown): { type: string; features?: unknown[] } | undefined {
  if (!value) return undefined;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as { type: string };
    } catch {
      return undefined;
    }
  }
  return typeof value === 'object' ? (value as { type: string }) : undefined;
}
