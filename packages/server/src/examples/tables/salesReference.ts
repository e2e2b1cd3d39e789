/** Fixed reference data for `cleaned_sales_data` (a model-car wholesaler, like Superset's demo). */

/** [product line, number of products, lowest MSRP, highest MSRP] */
export const PRODUCT_LINES: readonly (readonly [string, number, number, number])[] = [
  ['Classic Cars', 37, 60, 214],
  ['Vintage Cars', 24, 33, 170],
  ['Motorcycles', 13, 40, 194],
  ['Planes', 12, 49, 157],
  ['Trucks and Buses', 11, 64, 136],
  ['Ships', 9, 54, 122],
  ['Trains', 3, 58, 100],
];

/** Model scales used in product codes such as S18_1749. */
export const PRODUCT_SCALES = ['10', '12', '18', '18', '24', '24', '32', '50', '700', '72'];

/** [city, state, postal code, country, territory, phone prefix, weight]: customers are spread by weight. */
export const SALES_CITIES: readonly (readonly [string, string | null, string | null, string, string | null, string, number])[] = [
  ['San Francisco', 'CA', '94217', 'USA', 'NA', '415555', 4],
  ['NYC', 'NY', '10022', 'USA', 'NA', '212555', 5],
  ['Boston', 'MA', '51247', 'USA', 'NA', '617555', 2],
  ['Los Angeles', 'CA', '90003', 'USA', 'NA', '213555', 2],
  ['San Rafael', 'CA', '97562', 'USA', 'NA', '415555', 1],
  ['Philadelphia', 'PA', '71270', 'USA', 'NA', '215555', 2],
  ['Las Vegas', 'NV', '83030', 'USA', 'NA', '702555', 1],
  ['New Haven', 'CT', '97823', 'USA', 'NA', '203555', 1],
  ['Cambridge', 'MA', '51247', 'USA', 'NA', '617555', 1],
  ['Glendale', 'CA', '92561', 'USA', 'NA', '818555', 1],
  ['Allentown', 'PA', '70267', 'USA', 'NA', '610555', 1],
  ['Burlingame', 'CA', '94217', 'USA', 'NA', '650555', 1],
  ['San Diego', 'CA', '91217', 'USA', 'NA', '619555', 1],
  ['Nashua', 'NH', '62005', 'USA', 'NA', '603555', 1],
  ['White Plains', 'NY', '24067', 'USA', 'NA', '914555', 1],
  ['Newark', 'NJ', '94019', 'USA', 'NA', '973555', 1],
  ['Chicago', 'IL', '60601', 'USA', 'NA', '312555', 2],
  ['Seattle', 'WA', '98101', 'USA', 'NA', '206555', 1],
  ['Vancouver', 'BC', 'V3F 2K1', 'Canada', null, '(604) 555-', 1],
  ['Montreal', 'Quebec', 'H1J 1C3', 'Canada', null, '(514) 555-', 1],
  ['Tsawassen', 'BC', 'T2F 8M4', 'Canada', null, '(604) 555-', 1],
  ['Madrid', null, '28034', 'Spain', 'EMEA', '(91) 555 ', 3],
  ['Barcelona', null, '08022', 'Spain', 'EMEA', '(93) 203 ', 1],
  ['Paris', null, '75016', 'France', 'EMEA', '(1) 47.55.', 3],
  ['Nantes', null, '44000', 'France', 'EMEA', '40.67.', 1],
  ['Marseille', null, '13008', 'France', 'EMEA', '91.24.', 1],
  ['Lyon', null, '69004', 'France', 'EMEA', '78.32.', 1],
  ['Reims', null, '51100', 'France', 'EMEA', '26.47.', 1],
  ['Strasbourg', null, '67000', 'France', 'EMEA', '88.60.', 1],
  ['London', null, 'WX1 6LT', 'UK', 'EMEA', '(171) 555-', 2],
  ['Manchester', null, 'EC2 5NT', 'UK', 'EMEA', '(161) 555-', 1],
  ['Cowes', 'Isle of Wight', 'PO31 7PJ', 'UK', 'EMEA', '(198) 555-', 1],
  ['Torino', null, '10100', 'Italy', 'EMEA', '011-498', 1],
  ['Bergamo', null, '24100', 'Italy', 'EMEA', '035-640', 1],
  ['Reggio Emilia', null, '42100', 'Italy', 'EMEA', '0522-556', 1],
  ['Helsinki', null, '21240', 'Finland', 'EMEA', '90-224 ', 1],
  ['Espoo', null, 'FIN-02271', 'Finland', 'EMEA', '90-224 ', 1],
  ['Oulu', null, '90110', 'Finland', 'EMEA', '981-443', 1],
  ['Oslo', null, 'N 0106', 'Norway', 'EMEA', '+47 2267 ', 1],
  ['Stavern', null, '4110', 'Norway', 'EMEA', '07-98 ', 1],
  ['Kobenhavn', null, '1734', 'Denmark', 'EMEA', '31 12 ', 1],
  ['Aarhus', null, '8200', 'Denmark', 'EMEA', '86 21 ', 1],
  ['Frankfurt', null, '60528', 'Germany', 'EMEA', '069-0555', 1],
  ['Munich', null, '80686', 'Germany', 'EMEA', '089-0877', 1],
  ['Lulea', null, 'S-958 22', 'Sweden', 'EMEA', '0921-12 ', 1],
  ['Boras', null, 'S-844 67', 'Sweden', 'EMEA', '0695-34 ', 1],
  ['Graz', null, '8010', 'Austria', 'EMEA', '7675-', 1],
  ['Salzburg', null, '5020', 'Austria', 'EMEA', '6562-', 1],
  ['Bruxelles', null, 'B-1180', 'Belgium', 'EMEA', '(02) 5554 ', 1],
  ['Charleroi', null, 'B-6000', 'Belgium', 'EMEA', '(071) 23 ', 1],
  ['Geneve', null, '1203', 'Switzerland', 'EMEA', '0452-076', 1],
  ['Dublin', null, '2', 'Ireland', 'EMEA', '(01) 2555', 1],
  ['Melbourne', 'Victoria', '3004', 'Australia', 'APAC', '03 9520 ', 2],
  ['North Sydney', 'NSW', '2060', 'Australia', 'APAC', '02 9936 ', 1],
  ['Chatswood', 'NSW', '2067', 'Australia', 'APAC', '+61 2 9495 ', 1],
  ['South Brisbane', 'Queensland', '4101', 'Australia', 'APAC', '07 3844 ', 1],
  ['Singapore', null, '079903', 'Singapore', 'APAC', '+65 221 ', 2],
  ['Makati City', null, '1227 MM', 'Philippines', 'APAC', '+63 2 555 ', 1],
  ['Auckland', null, '1010', 'New Zealand', 'APAC', '+64 9 312 ', 1],
  ['Wellington', null, '6011', 'New Zealand', 'APAC', '+64 4 555 ', 1],
  ['Osaka', 'Osaka', '530-0003', 'Japan', 'Japan', '+81 6 6342 ', 1],
  ['Minato-ku', 'Tokyo', '106-0032', 'Japan', 'Japan', '+81 3 3584 ', 1],
];

/** Customer names are "<prefix> <suffix>"; see cleanedSalesData for how pairs stay unique. */
export const CUSTOMER_PREFIXES = [
  'Land of', 'Mini', 'Euro', 'Classic', 'Vintage', 'Diecast', 'Scale Model', 'Collectable', 'Corporate',
  'Auto', 'Heritage', 'Royal', 'Atelier', 'Alpha', 'Online', 'Toys4', 'Gift Depot', 'Motor', 'Precision',
  'Herkku',
];
export const CUSTOMER_SUFFIXES = [
  'Toys Inc.', 'Gifts Ltd.', 'Replicas, Co.', 'Collectables', 'Models Co.', 'Imports', 'Distributors Ltd.',
  'Shopping Channel', 'Classics', 'Emporium', 'Warehouse', 'Souveniers, Ltd.',
];

export const CONTACT_FIRST_NAMES = [
  'Jean', 'Peter', 'Janine', 'Jonas', 'Susan', 'Roland', 'Julie', 'Kwai', 'Diego', 'Christina', 'Wing', 'Elizabeth',
  'Maria', 'Dean', 'Pascale', 'Yoshi', 'Marta', 'Georg', 'Daniel', 'Annette', 'Mory', 'Leslie', 'Jytte', 'Carine',
  'Paolo', 'Pirkko', 'Dan', 'Michael', 'Sarah', 'Steve', 'Violeta', 'Rachel', 'Tony', 'Helen', 'Juri', 'Victoria',
];
export const CONTACT_LAST_NAMES = [
  'King', 'Ferguson', 'Labrune', 'Bergulfsen', 'Nelson', 'Keitel', 'Murphy', 'Lee', 'Freyre', 'Berglund', 'Natividad',
  'Lincoln', 'Larsson', 'Cassidy', 'Cartrain', 'Tamuri', 'Hernandez', 'Pipps', 'Tonini', 'Roulet', 'Kentary', 'Young',
  'Petersen', 'Schmitt', 'Accorti', 'Koskitalo', 'Brown', 'Frick', 'McRoy', 'Thompson', 'Benitez', 'Ashworth', 'Snowden',
  'Saveley', 'Hirano', 'Kloss',
];

export const STREETS = [
  'Hillside Dr.', 'Sunset Blvd.', 'Harbor Way', 'Market St.', 'Lake Rd.', 'Park Ave.', 'Oak Lane', 'Main St.',
  'Station Rd.', 'King St.', 'Queen St.', 'Elm Ave.', 'Kingsway', 'Rue Royale', 'Via Roma', 'Gran Via',
];
