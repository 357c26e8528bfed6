import { WORLD_CITIES, type WorldCity } from '../../modules/positions/places/world-cities';

export interface City extends WorldCity {
  currency: string;
  /** Salary level relative to the US (1.0). */
  payFactor: number;
}

/** The demo's cities (from the gazetteer's list, modules/positions/places/world-cities.ts) with their pay levels. */
const PAY: readonly (readonly [city: string, country: string, currency: string, payFactor: number])[] = [
  ['New York', 'United States', 'USD', 1.15],
  ['San Francisco', 'United States', 'USD', 1.25],
  ['Boston', 'United States', 'USD', 1.1],
  ['Seattle', 'United States', 'USD', 1.15],
  ['Austin', 'United States', 'USD', 1.0],
  ['Chicago', 'United States', 'USD', 1.0],
  ['Denver', 'United States', 'USD', 0.98],
  ['Atlanta', 'United States', 'USD', 0.95],
  ['Pittsburgh', 'United States', 'USD', 0.92],
  ['Detroit', 'United States', 'USD', 0.9],
  ['Los Angeles', 'United States', 'USD', 1.1],
  ['San Diego', 'United States', 'USD', 1.05],
  ['Phoenix', 'United States', 'USD', 0.9],
  ['Raleigh', 'United States', 'USD', 0.93],
  ['Minneapolis', 'United States', 'USD', 0.95],
  ['Toronto', 'Canada', 'CAD', 1.05],
  ['Montreal', 'Canada', 'CAD', 0.95],
  ['Vancouver', 'Canada', 'CAD', 1.05],
  ['Mexico City', 'Mexico', 'MXN', 6.0],
  ['São Paulo', 'Brazil', 'BRL', 1.6],
  ['Buenos Aires', 'Argentina', 'USD', 0.45],
  ['Santiago', 'Chile', 'USD', 0.5],
  ['Bogotá', 'Colombia', 'USD', 0.4],
  ['London', 'United Kingdom', 'GBP', 0.7],
  ['Manchester', 'United Kingdom', 'GBP', 0.6],
  ['Edinburgh', 'United Kingdom', 'GBP', 0.6],
  ['Cambridge', 'United Kingdom', 'GBP', 0.65],
  ['Dublin', 'Ireland', 'EUR', 0.8],
  ['Paris', 'France', 'EUR', 0.7],
  ['Lyon', 'France', 'EUR', 0.62],
  ['Berlin', 'Germany', 'EUR', 0.75],
  ['Munich', 'Germany', 'EUR', 0.82],
  ['Stuttgart', 'Germany', 'EUR', 0.8],
  ['Hamburg', 'Germany', 'EUR', 0.76],
  ['Amsterdam', 'Netherlands', 'EUR', 0.78],
  ['Eindhoven', 'Netherlands', 'EUR', 0.72],
  ['Brussels', 'Belgium', 'EUR', 0.72],
  ['Zurich', 'Switzerland', 'CHF', 1.1],
  ['Milan', 'Italy', 'EUR', 0.6],
  ['Turin', 'Italy', 'EUR', 0.55],
  ['Madrid', 'Spain', 'EUR', 0.55],
  ['Barcelona', 'Spain', 'EUR', 0.55],
  ['Lisbon', 'Portugal', 'EUR', 0.45],
  ['Stockholm', 'Sweden', 'SEK', 7.5],
  ['Copenhagen', 'Denmark', 'DKK', 5.5],
  ['Oslo', 'Norway', 'NOK', 7.8],
  ['Helsinki', 'Finland', 'EUR', 0.62],
  ['Warsaw', 'Poland', 'PLN', 1.9],
  ['Prague', 'Czechia', 'EUR', 0.42],
  ['Vienna', 'Austria', 'EUR', 0.7],
  ['Tel Aviv', 'Israel', 'USD', 0.85],
  ['Dubai', 'United Arab Emirates', 'USD', 0.85],
  ['Bengaluru', 'India', 'INR', 25],
  ['Hyderabad', 'India', 'INR', 22],
  ['Pune', 'India', 'INR', 21],
  ['Singapore', 'Singapore', 'SGD', 1.15],
  ['Tokyo', 'Japan', 'JPY', 110],
  ['Osaka', 'Japan', 'JPY', 100],
  ['Seoul', 'South Korea', 'USD', 0.7],
  ['Shenzhen', 'China', 'CNY', 4.5],
  ['Sydney', 'Australia', 'AUD', 1.35],
  ['Melbourne', 'Australia', 'AUD', 1.3],
  ['Auckland', 'New Zealand', 'USD', 0.75],
  ['Cape Town', 'South Africa', 'USD', 0.4],
  ['Nairobi', 'Kenya', 'USD', 0.3],
];

function worldCity(city: string, country: string): WorldCity {
  const found = WORLD_CITIES.find((entry) => entry.city === city && entry.country === country);
  if (!found) throw new Error(`${city}, ${country} is not in WORLD_CITIES`);
  return found;
}

/** Real cities with their coordinates, for the map and geo search. */
export const CITIES: readonly City[] = PAY.map(([city, country, currency, payFactor]) => ({ ...worldCity(city, country), currency, payFactor }));
