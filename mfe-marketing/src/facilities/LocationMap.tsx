import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'shared-i18n';
import { formatAddress, useSiteConfig } from 'shared-ui/site';
import styles from './Facilities.module.css';
import { directionsUrl, loadMaps } from './maps';

/**
 * The maps service with a marker and an info window showing the address. Without a key (or when
 * the service cannot load) the address and a directions link take its place: never an error box.
 */
export function LocationMap() {
  const { t } = useTranslation('marketing');
  const site = useSiteConfig();
  const address = formatAddress(site);
  const mapRef = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);
  const { lat, lng, apiKey } = site.map;

  useEffect(() => {
    if (!apiKey || !mapRef.current) return;
    let cancelled = false;
    loadMaps(apiKey)
      .then((maps) => {
        if (cancelled || !mapRef.current) return;
        const position = { lat, lng };
        const map = new maps.Map(mapRef.current, { center: position, zoom: 16 });
        const marker = new maps.Marker({ position, map, title: site.tradingName });
        const info = new maps.InfoWindow({ content: address });
        info.open({ map, anchor: marker });
        marker.addListener('click', () => info.open({ map, anchor: marker }));
      })
      .catch((error: unknown) => {
        console.error('[facilities] map unavailable', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [apiKey, lat, lng, address, site.tradingName]);

  return (
    <div className={styles.map}>
      {apiKey && !failed && (
        <section ref={mapRef} className={styles.mapCanvas} aria-label={t('facilities.mapLabel')} data-testid="map" />
      )}
      <address className={styles.address}>
        <span>{address}</span>
        <a href={directionsUrl({ lat, lng })} target="_blank" rel="noopener">
          {t('facilities.directions')}
        </a>
      </address>
    </div>
  );
}
