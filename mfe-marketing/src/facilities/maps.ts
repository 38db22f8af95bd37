/** The slice of the maps service's API this page uses. */
export interface MapsApi {
  Map: new (element: HTMLElement, options: { center: LatLng; zoom: number }) => unknown;
  Marker: new (options: {
    position: LatLng;
    map: unknown;
    title: string;
  }) => { addListener(event: 'click', handler: () => void): void };
  InfoWindow: new (options: { content: string }) => { open(options: { map: unknown; anchor: unknown }): void };
}
export interface LatLng {
  lat: number;
  lng: number;
}

declare global {
  interface Window {
    google?: { maps?: MapsApi };
    __initMaps?: () => void;
  }
}

let loading: Promise<MapsApi> | null = null;

/** Loads the maps script once with the configured key. */
export function loadMaps(apiKey: string): Promise<MapsApi> {
  if (window.google?.maps) return Promise.resolve(window.google.maps);
  loading ??= new Promise<MapsApi>((resolve, reject) => {
    window.__initMaps = () =>
      window.google?.maps ? resolve(window.google.maps) : reject(new Error('maps API missing'));
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&callback=__initMaps`;
    script.async = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('maps script failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}

export function directionsUrl({ lat, lng }: LatLng): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}
