import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddHomeWorkOutlined from '@mui/icons-material/AddHomeWorkOutlined';
import Check from '@mui/icons-material/Check';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import { useId, useState } from 'react';
import { refreshManagedHouses } from '../../lib/api/resources/houses';
import { ROLE_IDS, useSessionActions, useSignedInSession } from '../../lib/session';
import { AddHouseDialog } from './AddHouseDialog';
import { useHouseChooser } from './houseChooserContext';

/** App bar control showing the selected house; lets roles 2 and 3 switch to another, and a landlord add one. */
export function HouseSwitcher() {
  const session = useSignedInSession();
  const { chooseHouse } = useHouseChooser();
  const { setHouses } = useSessionActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const isLandlord = session.role.roleID === ROLE_IDS.houseModerator;
  const menuId = useId();
  const selectedHouse = session.houses.find((house) => house.houseID === session.houseID);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<HomeWorkOutlined />}
        endIcon={<ExpandMore />}
        aria-label={`Đổi nhà trọ (đang chọn: ${selectedHouse?.houseName ?? 'chưa chọn'})`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="house-switcher"
        sx={{ minWidth: 0, maxWidth: { xs: 170, sm: 320 } }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {selectedHouse?.houseName ?? 'Chọn nhà trọ'}
        </span>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {session.houses.map((house) => {
          const isSelected = house.houseID === session.houseID;
          return (
            <MenuItem
              key={house.houseID}
              selected={isSelected}
              data-testid={`house-switcher-option-${house.houseID}`}
              onClick={() => {
                setAnchor(null);
                chooseHouse(house);
              }}
            >
              <ListItemIcon>{isSelected && <Check fontSize="small" />}</ListItemIcon>
              <ListItemText primary={house.houseName} secondary={house.houseAddress} />
            </MenuItem>
          );
        })}
        {isLandlord && <Divider />}
        {isLandlord && (
          <MenuItem
            data-testid="house-switcher-add"
            onClick={() => {
              setAnchor(null);
              setIsAdding(true);
            }}
          >
            <ListItemIcon>
              <AddHomeWorkOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Thêm nhà trọ" />
          </MenuItem>
        )}
      </Menu>
      {isLandlord && (
        <AddHouseDialog
          open={isAdding}
          onClose={() => setIsAdding(false)}
          onAdded={(added) => {
            setIsAdding(false);
            // The new house, with the rest of the list read again, becomes the one being managed.
            void refreshManagedHouses().then(
              (houses) => {
                setHouses(houses);
                const summary = houses.find((house) => house.houseID === added.houseID);
                if (summary) chooseHouse(summary);
              },
              // Unreachable now: the house is saved, and the list is read again at the next load.
              () => undefined,
            );
          }}
        />
      )}
    </>
  );
}
