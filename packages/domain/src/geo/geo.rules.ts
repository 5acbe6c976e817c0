// Which state a GSTIN belongs to: its first two digits are the GST state code. State names are those of the
// state → city table (`country-state-city`), so a form's State and its GST number can be checked against each other.

/** GST state codes (CBIC list). 25 (Daman and Diu) and 26 merged into one union territory; 28 is Andhra Pradesh's
 * code before Telangana's separation, still on older registrations. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Dadra and Nagar Haveli and Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

/** The current GST state code of a state (the highest of its codes), or undefined for an unknown name. */
export function gstStateCode(state: string): string | undefined {
  return Object.keys(GST_STATE_CODES)
    .filter((code) => GST_STATE_CODES[code] === state)
    .sort()
    .pop();
}

export const gstStateMismatchMessage = (gstState: string, state: string) =>
  `This GST number is registered in ${gstState}, not ${state}`;

/**
 * The field message when a GSTIN's state code names another state than `state`; null when they agree or when either
 * is not known here (an unknown state is its own field's error; codes 97 and 99 belong to no state).
 */
export function gstStateMismatch(gst: string, state: string): string | null {
  const gstState = GST_STATE_CODES[gst.slice(0, 2)];
  if (!gstState || !state || !gstStateCode(state) || gstState === state) return null;
  return gstStateMismatchMessage(gstState, state);
}
