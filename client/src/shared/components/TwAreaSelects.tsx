import { districtsOf, TW_CITIES } from '@rules/tw-zipcodes';
import './NativeControl.css';

export interface TwAreaSelectsProps {
  city: string;
  district: string;
  onCity: (city: string) => void;
  onDistrict: (district: string) => void;
  /** The id of each select (its label points at it). */
  idOf: (field: 'city' | 'district') => string;
  /** The screen's class names: a field wrapper, its label and the native select. */
  classes: { field: string; label: string; select: string };
  disabled?: boolean;
  invalid?: boolean;
}

/**
 * 縣市 and 鄉鎮市區 as two native selects over the Taiwan zip table (`@rules/tw-zipcodes`, the
 * server's own): the district list follows the city and is disabled until one is chosen. Used by
 * the address book and the checkout; the caller clears/fills district and zip (spec 2 §4).
 */
export function TwAreaSelects({ city, district, onCity, onDistrict, idOf, classes, disabled, invalid }: TwAreaSelectsProps) {
  const districts = city ? districtsOf(city) : [];
  const ariaInvalid = invalid ? true : undefined;
  return (
    <>
      <div className={classes.field}>
        <label className={classes.label} htmlFor={idOf('city')}>
          縣市
        </label>
        <select id={idOf('city')} className={classes.select} value={city} onChange={(e) => onCity(e.target.value)} disabled={disabled} aria-invalid={ariaInvalid}>
          <option value="">請選擇縣市</option>
          {TW_CITIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className={classes.field}>
        <label className={classes.label} htmlFor={idOf('district')}>
          鄉鎮市區
        </label>
        <select
          id={idOf('district')}
          className={classes.select}
          value={district}
          onChange={(e) => onDistrict(e.target.value)}
          disabled={disabled || !city}
          aria-invalid={ariaInvalid}
        >
          <option value="">請選擇鄉鎮市區</option>
          {districts.map((d) => (
            <option key={d.name} value={d.name}>
              {d.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
