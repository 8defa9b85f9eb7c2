import { LLRP_MESSAGES, LLRP_TX_POWER_MAX_DBM, LLRP_TX_POWER_MIN_DBM } from '@loupe/domain/registry/llrp';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { TLlrpAntennaValues, TLlrpForm } from './llrp-settings-model';

export const ANTENNAS_TABLE_LABEL = 'Antennas and transmit power';

/** Each antenna of an LLRP reader: whether Loupe reads with it, and at what transmit power (dBm). */
export function LlrpAntennaFields({ form }: { form: TLlrpForm }) {
  const { values, errors, setValue } = form;
  const helpId = useId();
  const errorId = `${helpId}-error`;

  function change(antenna: number, changes: Partial<TLlrpAntennaValues>) {
    setValue(
      'antennas',
      values.antennas.map((row) => (row.antenna === antenna ? { ...row, ...changes } : row)),
    );
  }

  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">{ANTENNAS_TABLE_LABEL}</legend>
      <p id={helpId} className="text-xs text-muted-foreground">
        {LLRP_MESSAGES.txPowerHelp}
      </p>
      {values.antennas.length > 0 ? (
        <Table aria-label={ANTENNAS_TABLE_LABEL} aria-describedby={helpId}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-24">Antenna</TableHead>
              <TableHead className="w-20">Read</TableHead>
              <TableHead>Power (dBm)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {values.antennas.map((row) => (
              <TableRow key={row.antenna} aria-label={`Antenna ${row.antenna}`}>
                <TableCell>{row.antenna}</TableCell>
                <TableCell>
                  <Checkbox
                    aria-label={`Read with antenna ${row.antenna}`}
                    checked={row.enabled}
                    onCheckedChange={(checked) => change(row.antenna, { enabled: checked === true })}
                  />
                </TableCell>
                <TableCell>
                  <Input
                    aria-label={`Transmit power of antenna ${row.antenna} (dBm)`}
                    aria-invalid={errors.antennas ? true : undefined}
                    aria-describedby={errors.antennas ? errorId : undefined}
                    className="w-24"
                    type="number"
                    inputMode="decimal"
                    min={LLRP_TX_POWER_MIN_DBM}
                    max={LLRP_TX_POWER_MAX_DBM}
                    step={0.25}
                    value={row.txPowerDbm}
                    disabled={!row.enabled}
                    onChange={(event) => change(row.antenna, { txPowerDbm: event.target.value })}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {errors.antennas ? (
        <p id={errorId} className="text-sm text-destructive">
          {errors.antennas}
        </p>
      ) : null}
    </fieldset>
  );
}
