/**
 * Enough geography to tell "London, UK" (a place) from "Acme, Inc." (a company): the last part of a place
 * names a country, a US state or Canadian province, or a region; or the first is a well-known city; or it is
 * "Remote". Not a gazetteer: the search's own place suggestions resolve the text further when it is used.
 */
const COUNTRIES = `afghanistan, albania, algeria, argentina, armenia, australia, austria, azerbaijan, bahrain, bangladesh, belarus,
belgium, bolivia, bosnia and herzegovina, brazil, bulgaria, cambodia, cameroon, canada, chile, china, colombia, costa rica, croatia, cuba,
cyprus, czechia, czech republic, denmark, dominican republic, ecuador, egypt, el salvador, estonia, ethiopia, finland, france, georgia,
germany, ghana, greece, guatemala, honduras, hong kong, hungary, iceland, india, indonesia, iran, iraq, ireland, israel, italy, jamaica,
japan, jordan, kazakhstan, kenya, kuwait, latvia, lebanon, lithuania, luxembourg, malaysia, malta, mexico, moldova, mongolia, morocco,
nepal, netherlands, the netherlands, new zealand, nigeria, north macedonia, norway, oman, pakistan, panama, paraguay, peru, philippines,
poland, portugal, qatar, romania, russia, rwanda, saudi arabia, senegal, serbia, singapore, slovakia, slovenia, south africa,
south korea, korea, spain, sri lanka, sweden, switzerland, taiwan, tanzania, thailand, tunisia, turkey, türkiye, uganda, ukraine,
united arab emirates, uae, united kingdom, uk, england, scotland, wales, northern ireland, united states, usa, us, u.s., u.s.a, uruguay,
uzbekistan, venezuela, vietnam, viet nam, zambia, zimbabwe, deutschland, españa, méxico, brasil, österreich, schweiz, suisse, italia,
polska, россия, україна, 日本, 中国, 대한민국, 한국, ελλάδα, ישראל, مصر, الإمارات, السعودية`;
const REGIONS = `al, ak, az, ar, ca, co, ct, de, fl, ga, hi, id, il, in, ia, ks, ky, la, me, md, ma, mi, mn, ms, mo, mt, ne, nv, nh, nj,
nm, ny, nc, nd, oh, ok, or, pa, ri, sc, sd, tn, tx, ut, vt, va, wa, wv, wi, wy, dc, on, qc, bc, ab, mb, sk, ns, nb, pe, nsw, vic, qld,
tas, act, bavaria, bayern, catalonia, ontario, quebec, british columbia, alberta, california, texas, new york, washington,
massachusetts, illinois, florida, île-de-france, maharashtra, karnataka, tamil nadu, lagos state`;
const CITIES = `london, paris, berlin, munich, madrid, barcelona, lisbon, rome, milan, amsterdam, rotterdam, brussels, vienna, zurich,
geneva, dublin, edinburgh, manchester, stockholm, oslo, copenhagen, helsinki, warsaw, krakow, prague, budapest, athens, istanbul,
moscow, kyiv, kiev, tel aviv, dubai, cairo, lagos, nairobi, accra, johannesburg, cape town, mumbai, bangalore, bengaluru, delhi,
new delhi, hyderabad, chennai, pune, karachi, lahore, dhaka, singapore, kuala lumpur, jakarta, bangkok, manila, hanoi, ho chi minh city,
hong kong, shanghai, beijing, shenzhen, taipei, seoul, tokyo, osaka, sydney, melbourne, auckland, toronto, vancouver, montreal,
new york, san francisco, seattle, austin, boston, chicago, los angeles, denver, atlanta, miami, mexico city, são paulo, sao paulo,
rio de janeiro, buenos aires, santiago, bogotá, bogota, lima, 東京, 北京, 上海, 서울, москва, київ, αθήνα, תל אביב, القاهرة, دبي`;

const listOf = (text: string): ReadonlySet<string> => new Set(text.split(',').map((name) => name.replace(/\s+/g, ' ').trim()));

const COUNTRY_NAMES = listOf(COUNTRIES);
const REGION_NAMES = listOf(REGIONS);
const CITY_NAMES = listOf(CITIES);

const fold = (text: string) => text.trim().replace(/\.$/, '').toLowerCase();

/** Each part a name: starts with a capital (or a letter of a script without case), letters and a few marks. */
const PART = /^[\p{Lu}\p{Lo}][\p{L}\p{M} .'’-]{0,40}$/u;

export function isPlace(text: string): boolean {
  const value = text.trim();
  if (/^remote\b/i.test(value)) return value.length <= 40;
  const parts = value.split(/\s*[,،]\s*/);
  if (parts.length > 3 || parts.some((part) => !PART.test(part))) return false;
  const last = fold(parts[parts.length - 1] as string);
  if (parts.length === 1) return CITY_NAMES.has(last) || COUNTRY_NAMES.has(last);
  return COUNTRY_NAMES.has(last) || REGION_NAMES.has(last) || CITY_NAMES.has(fold(parts[0] as string));
}
